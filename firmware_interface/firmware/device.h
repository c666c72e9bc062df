/* The panel's logic, free of any board: inputs are sampled into debouncers, each change becomes
 * a sequenced input_event kept in the resend queue until the host acknowledges it, and the
 * host's frames (hello, heartbeat, ack, set_output, time_sync) are answered.  The board code
 * (panel_main.c over hal.h) feeds it the time, the input levels and the received bytes, and
 * writes out what device_tx_take returns; the emulator does the same through ctypes.
 *
 * One device_t holds all state (about 700 bytes with the defaults): no heap, no globals. */
#ifndef PANEL_DEVICE_H
#define PANEL_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include "debounce.h"
#include "event_queue.h"
#include "protocol.h"

#ifndef DEVICE_MAX_INPUTS
#define DEVICE_MAX_INPUTS 16
#endif
#ifndef DEVICE_MAX_OUTPUTS
#define DEVICE_MAX_OUTPUTS 8
#endif
#ifndef DEVICE_TX_CAPACITY
#define DEVICE_TX_CAPACITY 256
#endif

#define FIRMWARE_MAJOR 1
#define FIRMWARE_MINOR 0
#define FIRMWARE_PATCH 0

typedef struct {
    uint32_t device_id;
    uint8_t inputs;
    uint8_t outputs;
    uint8_t buzzer_mask;       /* bit i set: output i is a buzzer, else a LED */
    uint32_t debounce_us;      /* a level must hold this long to count */
    uint32_t heartbeat_us;     /* period of the device's heartbeat */
    uint32_t resend_us;        /* unacknowledged this long: send the queue again */
    uint32_t host_timeout_us;  /* nothing from the host this long: stop resending */
} device_config_t;

typedef struct {
    uint8_t mode;
    uint16_t on_ms;
    uint16_t off_ms;
    uint8_t repeats;
    uint16_t seq; /* the host's number for the command in force */
    uint64_t start_us;
} output_state_t;

typedef struct {
    device_config_t cfg;
    uint32_t boot_id;
    uint16_t last_seq; /* the newest event's sequence number; 0 before the first */
    debouncer_t inputs[DEVICE_MAX_INPUTS];
    event_queue_t queue;
    proto_reader_t reader;
    output_state_t outputs[DEVICE_MAX_OUTPUTS];
    uint8_t tx[DEVICE_TX_CAPACITY];
    uint16_t tx_head;
    uint16_t tx_len;
    uint64_t now_us;
    uint64_t host_seen_us;
    uint8_t host_seen;
    uint64_t heartbeat_at_us;
    uint64_t progress_at_us; /* the last ack that freed events, or the last go-back */
    uint16_t dropped_events; /* refused because the queue was full (reported as an error) */
    uint8_t error_code;      /* an error to report with the next heartbeat, 0 if none */
    uint16_t error_detail;
    uint32_t rx_errors;      /* frames refused since boot */
} device_t;

void device_boot(device_t *dev, const device_config_t *cfg, uint32_t boot_id, uint64_t now_us,
                 uint32_t input_levels);
void device_rx(device_t *dev, const uint8_t *data, size_t len, uint64_t now_us);
/* Sample the inputs (bit i = input i pressed), resend, heartbeat. Call at least every ms. */
void device_tick(device_t *dev, uint64_t now_us, uint32_t input_levels);
/* Move up to cap bytes of pending output into out; returns how many. */
size_t device_tx_take(device_t *dev, uint8_t *out, size_t cap);
/* The level an output should have now (1 on, 0 off). */
uint8_t device_output_level(const device_t *dev, uint8_t output);
/* Events not yet acknowledged. */
uint8_t device_pending(const device_t *dev);
/* The newest event's sequence number, and the events refused because the queue was full. */
uint16_t device_last_seq(const device_t *dev);
uint16_t device_dropped(const device_t *dev);
/* sizeof(device_t), for a host that allocates one from another language (the emulator). */
size_t device_size(void);

#endif
