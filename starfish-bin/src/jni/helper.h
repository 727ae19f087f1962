/* helper.h - internal (hidden) helper of the JNI library. */
#ifndef PG_JNI_HELPER_H
#define PG_JNI_HELPER_H
/* penguin_internal_helper: 100 + PENGUIN_VERSION. Not exported from the
 * shared library (hidden visibility); Penguin.helper() returns it to prove
 * that two loaded versions do not bind each other's symbols. */
int penguin_internal_helper(void);
#endif
