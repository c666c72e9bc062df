/* Runs every host test of the firmware: test_firmware VECTORS_FILE. */
#include "test_util.h"

int test_checks = 0;
int test_failures = 0;

int main(int argc, char **argv) {
    int vectors;
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTORS_FILE\n", argv[0]);
        return 2;
    }
    vectors = test_vectors(argv[1]);
    test_debounce();
    test_queue();
    test_device();
    test_panel_main();
    printf("firmware tests: %d vectors, %d checks, %d failed\n", vectors, test_checks,
           test_failures);
    return test_failures == 0 && vectors > 0 ? 0 : 1;
}
