#include "event_queue.h"

#include "protocol.h"

void queue_init(event_queue_t *q) {
    q->head = 0;
    q->count = 0;
}

int queue_push(event_queue_t *q, uint16_t seq, uint8_t input, uint8_t pressed, uint64_t time_us) {
    queued_event_t *e;
    if (q->count >= QUEUE_CAPACITY) return 0;
    e = &q->items[(q->head + q->count) % QUEUE_CAPACITY];
    e->seq = seq;
    e->input = input;
    e->pressed = pressed;
    e->sent = 0;
    e->time_us = time_us;
    q->count++;
    return 1;
}

queued_event_t *queue_at(event_queue_t *q, uint8_t i) {
    return &q->items[(q->head + i) % QUEUE_CAPACITY];
}

uint8_t queue_ack(event_queue_t *q, uint16_t seq) {
    uint8_t dropped = 0;
    if (q->count == 0) return 0;
    /* seq must lie within [oldest, newest]; anything else is stale or bogus */
    if (proto_seq_after(queue_at(q, 0)->seq, seq)) return 0;
    if (proto_seq_after(seq, queue_at(q, (uint8_t)(q->count - 1))->seq)) return 0;
    while (q->count > 0 && !proto_seq_after(queue_at(q, 0)->seq, seq)) {
        q->head = (uint8_t)((q->head + 1) % QUEUE_CAPACITY);
        q->count--;
        dropped++;
    }
    return dropped;
}

void queue_rewind(event_queue_t *q) {
    uint8_t i;
    for (i = 0; i < q->count; i++) queue_at(q, i)->sent = 0;
}
