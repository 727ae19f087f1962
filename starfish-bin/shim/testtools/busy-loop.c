/* busy-loop: burns CPU in user mode forever (for CPU-limit tests). */
int main(void) {
    volatile unsigned long counter = 0;
    for (;;) {
        counter = counter + 1;
    }
}
