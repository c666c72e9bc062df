/* A minimal test harness for the host-compiled firmware tests: no framework to install. */
#ifndef PANEL_TEST_UTIL_H
#define PANEL_TEST_UTIL_H

#include <stdio.h>

extern int test_checks;
extern int test_failures;

#define CHECK(cond, ...)                                                      \
    do {                                                                      \
        test_checks++;                                                        \
        if (!(cond)) {                                                        \
            test_failures++;                                                  \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
        }                                                                     \
    } while (0)

int test_vectors(const char *path);
void test_debounce(void);
void test_queue(void);
void test_device(void);
void test_panel_main(void);

#endif
