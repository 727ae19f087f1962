/*
 * client_main.c - starfish-client: runs one Starfish command through the
 * resident server of this (user, installation build), starting the server
 * when none runs. See ../README.md; the modules' contracts are their headers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fail.h"
#include "frame.h"
#include "identity.h"
#include "launch.h"
#include "options.h"
#include "place.h"
#include "relay.h"
#include "request.h"
#include "signals.h"

int main(int argc, char **argv) {
    sfc_ignore_sigpipe();
    struct sfc_options o;
    sfc_parse_options(argc, argv, &o);
    char inst[SFC_INST_HEX + 1], build[SFC_BUILD_HEX + 1];
    sfc_install_id(o.home, inst);
    sfc_build_id(&o, build);
    static struct sfc_place place;
    sfc_place_init(&place, inst, build);

    char *cwd;
    struct sfc_request req = sfc_request_here(o.args, o.n_args, &cwd);
    struct sfc_buf payload = {0}, frame = {0};
    char why[256];
    if (sfc_request_encode(&req, &payload, why, sizeof why) != NULL) {
        sfc_fail(SFC_EXIT_USAGE, "this command is too large for the Starfish server (%s); run it with --no-server",
                 why);
    }
    free(cwd);
    sfc_frame_put(&frame, SFC_REQUEST, payload.data, payload.len);
    sfc_buf_free(&payload);

    int control = sfc_server_control(&o);
    int sock = sfc_reach(&place, o.java, control ? SFC_REACH_RUNNING
                                         : o.one_shot != NULL ? SFC_REACH_OR_START_BESIDE : SFC_REACH_OR_START);
    if (sock < 0 && !control) {
        sfc_buf_free(&frame);
        sfc_exec_one_shot(o.one_shot, o.args, o.n_args);
    }
    if (sock < 0) {
        printf("starfish: no server is running for %s (socket %s)\n", o.home, place.sock);
        sfc_buf_free(&frame);
        sfc_free_options(&o);
        return 0;
    }
    int signal_fd = sfc_catch_signals();
    int code = sfc_relay(sock, signal_fd, &frame, &place);
    sfc_free_options(&o);
    return code;
}
