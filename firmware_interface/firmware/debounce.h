/* Contact debouncing: a level counts once it has held for a set time.  The event is stamped
 * with the moment the level first changed, so the bounce interval adds no error to the time. */
#ifndef PANEL_DEBOUNCE_H
#define PANEL_DEBOUNCE_H

#include <stdint.h>

typedef struct {
    uint8_t stable;    /* the debounced level */
    uint8_t candidate; /* the raw level seen last */
    uint64_t candidate_since_us;
} debouncer_t;

void debounce_init(debouncer_t *d, uint8_t level, uint64_t now_us);
/* Sample the raw level; returns 1 when the debounced level changes, with *changed_at_us the
 * time the new level began. */
int debounce_sample(debouncer_t *d, uint8_t raw, uint64_t now_us, uint32_t hold_us,
                    uint64_t *changed_at_us);

#endif
