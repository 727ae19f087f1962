/* snippet.h - the source line under a located diagnostic, as clang shows
 * it: after "model.hlo:4:19: unsupported op 'exponentail': ..." come
 *
 *     4 |   ROOT r = f32[4] exponentail(p)
 *       |                   ^~~~~~~~~~~
 *
 * The gutter is the line number right-aligned in 5 columns (wider for a
 * longer number) and " | "; the caret line has blanks where the number
 * is. The caret stands under the diagnostic's column, '~' under the rest
 * of the token when its extent (pg_diag.len) is known. The source line is
 * shown as the terminal would draw it, never as raw bytes a terminal acts
 * on: a tab is expanded to the next multiple of 8 columns (blanks in both
 * lines), a control character is shown as \x1b (\r for a carriage
 * return), a C1 control or an invisible/format/combining code point as
 * \u009b, a code point above U+FFFF given as a surrogate pair (the JVM's
 * modified UTF-8) as \U0001f600, and each byte of invalid UTF-8 as \xff;
 * East Asian wide characters count two columns. A line wider than
 * PG_SNIPPET_WIDTH columns is shown around the caret, "..." marking what
 * was cut on either side. The diagnostic's message is not part of this. */
#ifndef PG_SNIPPET_H
#define PG_SNIPPET_H
#include "base.h"
#include <stdint.h>

/* The widest source text shown, "..." markers included. */
#define PG_SNIPPET_WIDTH 120

/* pg_snippet: appends the two lines (each ending in '\n') for d, located
 * in text[0..len), to *out and returns 1; appends nothing and returns 0
 * when d has no location (line or column 0), its line is past the end of
 * the text (the empty rest after a final newline included), its column
 * is past the end of the line (one past the last character is the end of
 * the line) or inside a character. A CRLF line is shown without its CR. */
int pg_snippet(const char *text, size_t len, const pg_diag *d, pg_sbuf *out);

/* pg_snippet_cp_width: the columns code point cp takes on a terminal:
 * 1, 2 (East Asian wide), or 0 when it is shown escaped (controls, C1,
 * surrogates, noncharacters, and code points a terminal draws with no
 * width or that reorder text: format, bidi and combining marks). */
int pg_snippet_cp_width(uint32_t cp);
#endif
