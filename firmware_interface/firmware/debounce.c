#include "debounce.h"

void debounce_init(debouncer_t *d, uint8_t level, uint64_t now_us) {
    d->stable = level ? 1 : 0;
    d->candidate = d->stable;
    d->candidate_since_us = now_us;
}

int debounce_sample(debouncer_t *d, uint8_t raw, uint64_t now_us, uint32_t hold_us,
                    uint64_t *changed_at_us) {
    raw = raw ? 1 : 0;
    if (raw != d->candidate) {
        d->candidate = raw;
        d->candidate_since_us = now_us;
    }
    if (d->candidate != d->stable && now_us - d->candidate_since_us >= hold_us) {
        d->stable = d->candidate;
        *changed_at_us = d->candidate_since_us;
        return 1;
    }
    return 0;
}
