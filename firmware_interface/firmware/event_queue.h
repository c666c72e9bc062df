/* The resend queue: input events kept, in sequence order, until the host acknowledges them.
 * A fixed ring (no heap); when it is full the newest event is refused and counted, so the
 * events already queued stay contiguous and the host's cumulative ack stays meaningful. */
#ifndef PANEL_EVENT_QUEUE_H
#define PANEL_EVENT_QUEUE_H

#include <stdint.h>

#ifndef QUEUE_CAPACITY
#define QUEUE_CAPACITY 32
#endif

typedef struct {
    uint16_t seq;
    uint8_t input;
    uint8_t pressed;
    uint8_t sent; /* sent since the last go-back: 0 means (re)send it */
    uint64_t time_us;
} queued_event_t;

typedef struct {
    queued_event_t items[QUEUE_CAPACITY];
    uint8_t head;
    uint8_t count;
} event_queue_t;

void queue_init(event_queue_t *q);
/* Append; returns 0 when full. */
int queue_push(event_queue_t *q, uint16_t seq, uint8_t input, uint8_t pressed, uint64_t time_us);
/* The i-th oldest event (i < count). */
queued_event_t *queue_at(event_queue_t *q, uint8_t i);
/* Drop every event up to and including seq; returns how many.  An ack for a sequence number
 * not in the queue (already acknowledged, or never sent) drops nothing. */
uint8_t queue_ack(event_queue_t *q, uint16_t seq);
/* Mark every queued event to be sent again (go-back-N). */
void queue_rewind(event_queue_t *q);

#endif
