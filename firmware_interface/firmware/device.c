#include "device.h"

static int send(device_t *dev, const proto_msg_t *msg) {
    uint8_t wire[PROTO_MAX_WIRE];
    size_t n = proto_encode(msg, wire, sizeof wire), i;
    if (n == 0 || (size_t)(DEVICE_TX_CAPACITY - dev->tx_len) < n) return 0; /* frames go whole or not */
    for (i = 0; i < n; i++) {
        dev->tx[(dev->tx_head + dev->tx_len) % DEVICE_TX_CAPACITY] = wire[i];
        dev->tx_len++;
    }
    return 1;
}

/* The newest sequence number a host has acknowledged: where a host that has never seen this
 * boot (or has forgotten it) starts, since what was acknowledged is gone from the queue. */
static uint16_t acked_through(device_t *dev) {
    return dev->queue.count ? (uint16_t)(queue_at(&dev->queue, 0)->seq - 1) : dev->last_seq;
}

static void send_hello(device_t *dev) {
    proto_msg_t msg;
    proto_msg_init(&msg, PROTO_HELLO, acked_through(dev), dev->boot_id);
    msg.f[HELLO_DEVICE_ID] = dev->cfg.device_id;
    msg.f[HELLO_FW_MAJOR] = FIRMWARE_MAJOR;
    msg.f[HELLO_FW_MINOR] = FIRMWARE_MINOR;
    msg.f[HELLO_FW_PATCH] = FIRMWARE_PATCH;
    msg.f[HELLO_INPUTS] = dev->cfg.inputs;
    msg.f[HELLO_OUTPUTS] = dev->cfg.outputs;
    msg.f[HELLO_BUZZER_MASK] = dev->cfg.buzzer_mask;
    send(dev, &msg);
}

static void send_ack(device_t *dev, uint16_t seq) {
    proto_msg_t msg;
    proto_msg_init(&msg, PROTO_ACK, seq, dev->boot_id);
    msg.f[ACK_SEQ] = seq;
    send(dev, &msg);
}

/* One error waits for the next heartbeat.  Presses refused for a full queue matter more than
 * a refused frame: a pending overflow report is not displaced by another error (its count
 * still grows with later overflows). */
static void report_error(device_t *dev, uint8_t code, uint16_t detail) {
    if (dev->error_code == ERR_QUEUE_OVERFLOW && code != ERR_QUEUE_OVERFLOW) return;
    dev->error_code = code;
    dev->error_detail = detail;
}

void device_boot(device_t *dev, const device_config_t *cfg, uint32_t boot_id, uint64_t now_us,
                 uint32_t input_levels) {
    uint8_t i;
    dev->cfg = *cfg;
    if (dev->cfg.inputs > DEVICE_MAX_INPUTS) dev->cfg.inputs = DEVICE_MAX_INPUTS;
    if (dev->cfg.outputs > DEVICE_MAX_OUTPUTS) dev->cfg.outputs = DEVICE_MAX_OUTPUTS;
    dev->boot_id = boot_id;
    dev->last_seq = 0;
    for (i = 0; i < dev->cfg.inputs; i++) {
        debounce_init(&dev->inputs[i], (uint8_t)((input_levels >> i) & 1u), now_us);
    }
    for (i = 0; i < DEVICE_MAX_OUTPUTS; i++) {
        dev->outputs[i].mode = OUTPUT_MODE_OFF;
        dev->outputs[i].on_ms = 0;
        dev->outputs[i].off_ms = 0;
        dev->outputs[i].repeats = 0;
        dev->outputs[i].seq = 0;
        dev->outputs[i].start_us = now_us;
    }
    queue_init(&dev->queue);
    proto_reader_init(&dev->reader);
    dev->tx_head = 0;
    dev->tx_len = 0;
    dev->now_us = now_us;
    dev->host_seen = 0;
    dev->host_seen_us = 0;
    dev->heartbeat_at_us = now_us;
    dev->progress_at_us = now_us;
    dev->dropped_events = 0;
    dev->error_code = 0;
    dev->error_detail = 0;
    dev->rx_errors = 0;
    dev->tx[dev->tx_len++] = 0; /* a delimiter first: ends whatever half frame the line held */
    send_hello(dev);
}

static int host_present(const device_t *dev) {
    return dev->host_seen && dev->now_us - dev->host_seen_us < dev->cfg.host_timeout_us;
}

static void go_back(device_t *dev) {
    queue_rewind(&dev->queue);
    dev->progress_at_us = dev->now_us;
}

static void on_ack(device_t *dev, const proto_msg_t *msg) {
    uint16_t seq = (uint16_t)msg->f[ACK_SEQ];
    if (msg->boot_id != dev->boot_id) return; /* an ack meant for an earlier boot */
    if (queue_ack(&dev->queue, seq) > 0) {
        dev->progress_at_us = dev->now_us;
    } else if (dev->queue.count > 0 && (uint16_t)(queue_at(&dev->queue, 0)->seq - 1) == seq &&
               dev->now_us - dev->progress_at_us >= dev->cfg.resend_us / 4) {
        go_back(dev); /* the host repeats its last ack: it missed the next event */
    }
}

static void on_set_output(device_t *dev, const proto_msg_t *msg) {
    uint8_t output = (uint8_t)msg->f[OUTPUT_OUTPUT];
    if (output >= dev->cfg.outputs || msg->f[OUTPUT_MODE] > OUTPUT_MODE_BLINK) {
        report_error(dev, ERR_BAD_OUTPUT, output);
    } else {
        output_state_t *out = &dev->outputs[output];
        uint8_t mode = (uint8_t)msg->f[OUTPUT_MODE], repeats = (uint8_t)msg->f[OUTPUT_REPEATS];
        uint16_t on_ms = (uint16_t)msg->f[OUTPUT_ON_MS], off_ms = (uint16_t)msg->f[OUTPUT_OFF_MS];
        /* The host repeats a command until its ack arrives: a repeat whose ack was lost (on
         * the line, or crowded out of a full send buffer) must not start the pattern over,
         * or a buzzer would sound a beep too long. */
        if (out->seq != msg->seq || out->mode != mode || out->on_ms != on_ms ||
            out->off_ms != off_ms || out->repeats != repeats) {
            out->mode = mode;
            out->on_ms = on_ms;
            out->off_ms = off_ms;
            out->repeats = repeats;
            out->seq = msg->seq;
            out->start_us = dev->now_us;
        }
    }
    send_ack(dev, msg->seq); /* handled, applied or refused: the host must not repeat it */
}

static void on_message(device_t *dev, const proto_msg_t *msg) {
    proto_msg_t reply;
    dev->host_seen = 1;
    dev->host_seen_us = dev->now_us;
    switch (msg->type) {
    case PROTO_HELLO:
        send_hello(dev);
        go_back(dev); /* a new connection: everything unacknowledged goes again */
        break;
    case PROTO_ACK:
        on_ack(dev, msg);
        break;
    case PROTO_SET_OUTPUT:
        on_set_output(dev, msg);
        break;
    case PROTO_TIME_SYNC:
        proto_msg_init(&reply, PROTO_TIME_SYNC, msg->seq, dev->boot_id);
        reply.f[SYNC_HOST_TIME_US] = msg->f[SYNC_HOST_TIME_US];
        reply.f[SYNC_DEVICE_TIME_US] = dev->now_us;
        send(dev, &reply);
        break;
    default: /* heartbeat: presence only; device-only types from a host are ignored */
        break;
    }
}

void device_rx(device_t *dev, const uint8_t *data, size_t len, uint64_t now_us) {
    proto_msg_t msg;
    size_t i;
    dev->now_us = now_us;
    for (i = 0; i < len; i++) {
        enum proto_result result = proto_reader_push(&dev->reader, data[i], &msg);
        if (result == PROTO_OK) {
            on_message(dev, &msg);
        } else if (result != PROTO_NONE) {
            dev->rx_errors++;
            report_error(dev,
                         result == PROTO_E_TYPE      ? ERR_UNKNOWN_TYPE
                         : result == PROTO_E_VERSION ? ERR_BAD_VERSION
                         : result == PROTO_E_LENGTH  ? ERR_BAD_LENGTH
                                                     : ERR_BAD_FRAME,
                         (uint16_t)dev->rx_errors);
        }
    }
}

static void sample_inputs(device_t *dev, uint32_t levels) {
    uint8_t i;
    uint64_t at;
    for (i = 0; i < dev->cfg.inputs; i++) {
        if (!debounce_sample(&dev->inputs[i], (uint8_t)((levels >> i) & 1u), dev->now_us,
                             dev->cfg.debounce_us, &at)) {
            continue;
        }
        if (queue_push(&dev->queue, (uint16_t)(dev->last_seq + 1), i, dev->inputs[i].stable, at)) {
            dev->last_seq++;
        } else {
            dev->dropped_events++;
            report_error(dev, ERR_QUEUE_OVERFLOW, dev->dropped_events);
        }
    }
}

static void send_queue(device_t *dev) {
    uint8_t i;
    proto_msg_t msg;
    for (i = 0; i < dev->queue.count; i++) {
        queued_event_t *e = queue_at(&dev->queue, i);
        if (e->sent) continue;
        proto_msg_init(&msg, PROTO_INPUT_EVENT, e->seq, dev->boot_id);
        msg.f[INPUT_INPUT] = e->input;
        msg.f[INPUT_PRESSED] = e->pressed;
        msg.f[INPUT_DEVICE_TIME_US] = e->time_us;
        if (!send(dev, &msg)) return; /* the line is busy: the rest go on a later tick */
        e->sent = 1;
    }
}

void device_tick(device_t *dev, uint64_t now_us, uint32_t input_levels) {
    proto_msg_t msg;
    dev->now_us = now_us;
    sample_inputs(dev, input_levels);
    if (dev->queue.count == 0) {
        dev->progress_at_us = now_us;
    } else if (host_present(dev) && now_us - dev->progress_at_us >= dev->cfg.resend_us) {
        go_back(dev);
    }
    send_queue(dev);
    if (now_us - dev->heartbeat_at_us >= dev->cfg.heartbeat_us) {
        dev->heartbeat_at_us = now_us;
        proto_msg_init(&msg, PROTO_HEARTBEAT, dev->last_seq, dev->boot_id);
        msg.f[HEARTBEAT_TIME_US] = now_us;
        send(dev, &msg);
        if (dev->error_code != 0) {
            proto_msg_init(&msg, PROTO_ERROR, dev->last_seq, dev->boot_id);
            msg.f[ERROR_CODE] = dev->error_code;
            msg.f[ERROR_DETAIL] = dev->error_detail;
            if (send(dev, &msg)) dev->error_code = 0;
        }
    }
}

size_t device_tx_take(device_t *dev, uint8_t *out, size_t cap) {
    size_t n = 0;
    while (n < cap && dev->tx_len > 0) {
        out[n++] = dev->tx[dev->tx_head];
        dev->tx_head = (uint16_t)((dev->tx_head + 1) % DEVICE_TX_CAPACITY);
        dev->tx_len--;
    }
    return n;
}

/* The level is asked for every turn of the loop, and an 8-bit CPU divides 64-bit numbers
 * slowly (on the AVR a blinking buzzer made these divisions its loop's longest work): the
 * arithmetic is 32-bit while the numbers fit, 71 minutes of blinking. */
uint8_t device_output_level(const device_t *dev, uint8_t output) {
    const output_state_t *out;
    uint64_t elapsed_us, cycles;
    uint32_t period, phase;
    if (output >= dev->cfg.outputs) return 0;
    out = &dev->outputs[output];
    if (out->mode != OUTPUT_MODE_BLINK) return out->mode == OUTPUT_MODE_ON;
    period = (uint32_t)out->on_ms + out->off_ms;
    if (period == 0) return 0;
    elapsed_us = dev->now_us - out->start_us;
    if (elapsed_us >> 32) {
        cycles = elapsed_us / 1000u / period;
        phase = (uint32_t)(elapsed_us / 1000u % period);
    } else {
        cycles = (uint32_t)elapsed_us / 1000u / period;
        phase = (uint32_t)elapsed_us / 1000u % period;
    }
    if (out->repeats != 0 && cycles >= out->repeats) return 0;
    return phase < out->on_ms;
}

uint8_t device_pending(const device_t *dev) {
    return dev->queue.count;
}

uint16_t device_last_seq(const device_t *dev) {
    return dev->last_seq;
}

uint16_t device_dropped(const device_t *dev) {
    return dev->dropped_events;
}

size_t device_size(void) {
    return sizeof(device_t);
}
