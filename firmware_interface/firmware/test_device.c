/* Host tests of debouncing, the resend queue, the device logic and the board loop. */
#include <string.h>

#include "device.h"
#include "hal.h"
#include "panel_main.h"
#include "test_util.h"

#define MAX_MSGS 64

static const device_config_t CONFIG = {
    0xC0FFEE, 4, 3, 0x04, 5000, 250000, 100000, 1000000,
};

typedef struct {
    proto_msg_t msgs[MAX_MSGS];
    int count;
} inbox_t;

/* Everything the device has sent since the last call, decoded. */
static void drain(device_t *dev, inbox_t *box) {
    static proto_reader_t reader;
    static int reader_ready = 0;
    uint8_t bytes[512];
    size_t n = device_tx_take(dev, bytes, sizeof bytes), i;
    if (!reader_ready) {
        proto_reader_init(&reader);
        reader_ready = 1;
    }
    box->count = 0;
    for (i = 0; i < n; i++) {
        proto_msg_t msg;
        enum proto_result r = proto_reader_push(&reader, bytes[i], &msg);
        CHECK(r == PROTO_OK || r == PROTO_NONE, "the device sent a broken frame (%d)", (int)r);
        if (r == PROTO_OK && box->count < MAX_MSGS) box->msgs[box->count++] = msg;
    }
}

static int count_type(const inbox_t *box, uint8_t type) {
    int i, n = 0;
    for (i = 0; i < box->count; i++) n += box->msgs[i].type == type;
    return n;
}

static const proto_msg_t *find(const inbox_t *box, uint8_t type) {
    int i;
    for (i = 0; i < box->count; i++) {
        if (box->msgs[i].type == type) return &box->msgs[i];
    }
    return NULL;
}

static void host_send(device_t *dev, const proto_msg_t *msg, uint64_t now) {
    uint8_t wire[PROTO_MAX_WIRE];
    size_t n = proto_encode(msg, wire, sizeof wire);
    device_rx(dev, wire, n, now);
}

static void host_ack(device_t *dev, uint32_t boot_id, uint16_t seq, uint64_t now) {
    proto_msg_t msg;
    proto_msg_init(&msg, PROTO_ACK, 0, boot_id);
    msg.f[ACK_SEQ] = seq;
    host_send(dev, &msg, now);
}

/* Press (or release) input i at `at` and tick past the debounce time; returns the new time. */
static uint64_t set_input(device_t *dev, uint32_t *levels, uint8_t i, int pressed, uint64_t at) {
    *levels = pressed ? (*levels | (1u << i)) : (*levels & ~(1u << i));
    device_tick(dev, at, *levels);
    device_tick(dev, at + CONFIG.debounce_us, *levels);
    return at + CONFIG.debounce_us;
}

void test_debounce(void) {
    debouncer_t d;
    uint64_t at = 0;
    debounce_init(&d, 0, 0);
    CHECK(!debounce_sample(&d, 1, 100, 5000, &at), "no change before the hold time");
    CHECK(!debounce_sample(&d, 0, 900, 5000, &at), "a bounce back");
    CHECK(!debounce_sample(&d, 1, 1000, 5000, &at), "bounce again");
    CHECK(!debounce_sample(&d, 1, 5999, 5000, &at), "held 4999 us");
    CHECK(debounce_sample(&d, 1, 6000, 5000, &at) && at == 1000, "pressed, stamped %llu",
          (unsigned long long)at);
    CHECK(!debounce_sample(&d, 1, 7000, 5000, &at), "one event per change");
    CHECK(!debounce_sample(&d, 0, 8000, 5000, &at), "release starts");
    CHECK(debounce_sample(&d, 0, 13000, 5000, &at) && at == 8000 && d.stable == 0, "released");
}

void test_queue(void) {
    event_queue_t q;
    uint16_t i;
    queue_init(&q);
    for (i = 0; i < QUEUE_CAPACITY; i++) CHECK(queue_push(&q, (uint16_t)(65530u + i), 0, 1, i), "push");
    CHECK(!queue_push(&q, 7, 0, 1, 0), "a full queue refuses");
    CHECK(queue_ack(&q, 65529) == 0, "an ack before the oldest drops nothing");
    CHECK(queue_ack(&q, (uint16_t)(65530u + QUEUE_CAPACITY)) == 0, "an ack from the future");
    CHECK(queue_ack(&q, 65535) == 6 && queue_at(&q, 0)->seq == 0, "ack across the wrap");
    CHECK(queue_ack(&q, 65535) == 0, "a repeated ack");
    CHECK(queue_ack(&q, 3) == 4 && q.count == QUEUE_CAPACITY - 10, "ack after the wrap");
    queue_at(&q, 0)->sent = 1;
    queue_rewind(&q);
    CHECK(queue_at(&q, 0)->sent == 0, "rewind marks for resend");
}

static void boot(device_t *dev, inbox_t *box, uint32_t boot_id) {
    device_boot(dev, &CONFIG, boot_id, 0, 0);
    drain(dev, box);
}

static void test_boot_and_press(void) {
    static device_t dev;
    inbox_t box;
    uint32_t levels = 0;
    uint64_t now;
    const proto_msg_t *m;
    boot(&dev, &box, 0xB007);
    m = find(&box, PROTO_HELLO);
    CHECK(box.count == 1 && m && m->boot_id == 0xB007 && m->f[HELLO_DEVICE_ID] == 0xC0FFEE &&
              m->f[HELLO_INPUTS] == 4 && m->f[HELLO_OUTPUTS] == 3 && m->f[HELLO_BUZZER_MASK] == 4,
          "hello at boot");
    now = set_input(&dev, &levels, 2, 1, 10000);
    drain(&dev, &box);
    m = find(&box, PROTO_INPUT_EVENT);
    CHECK(m && m->seq == 1 && m->f[INPUT_INPUT] == 2 && m->f[INPUT_PRESSED] == 1 &&
              m->f[INPUT_DEVICE_TIME_US] == 10000,
          "a press is sent at once, stamped at its start");
    now = set_input(&dev, &levels, 2, 0, now + 20000);
    drain(&dev, &box);
    m = find(&box, PROTO_INPUT_EVENT);
    CHECK(m && m->seq == 2 && m->f[INPUT_PRESSED] == 0, "the release");
    CHECK(device_pending(&dev) == 2, "both wait for an ack");
    host_ack(&dev, 0xB007, 1, now);
    CHECK(device_pending(&dev) == 1, "ack 1 frees one");
    host_ack(&dev, 0xB006, 2, now);
    CHECK(device_pending(&dev) == 1, "an ack for another boot is ignored");
    host_ack(&dev, 0xB007, 2, now);
    CHECK(device_pending(&dev) == 0, "ack 2 frees the rest");
    device_tick(&dev, now + CONFIG.heartbeat_us, levels);
    drain(&dev, &box);
    m = find(&box, PROTO_HEARTBEAT);
    CHECK(m && m->seq == 2, "the heartbeat carries the last sequence number");
}

static void test_resend(void) {
    static device_t dev;
    inbox_t box;
    uint32_t levels = 0;
    uint64_t now;
    proto_msg_t hello;
    boot(&dev, &box, 7);
    now = set_input(&dev, &levels, 0, 1, 1000);
    drain(&dev, &box);
    device_tick(&dev, now + CONFIG.resend_us * 3, levels);
    drain(&dev, &box);
    CHECK(count_type(&box, PROTO_INPUT_EVENT) == 0, "no resend while no host is listening");
    proto_msg_init(&hello, PROTO_HELLO, 0, 0);
    now += 1000;
    host_send(&dev, &hello, now);
    device_tick(&dev, now, levels);
    drain(&dev, &box);
    CHECK(box.count >= 2 && box.msgs[0].type == PROTO_HELLO && box.msgs[0].seq == 0 &&
              box.msgs[1].type == PROTO_INPUT_EVENT && box.msgs[1].seq == 1,
          "a host's hello is answered (nothing acked yet), then the queue goes again");
    device_tick(&dev, now + CONFIG.resend_us - 1, levels);
    drain(&dev, &box);
    CHECK(count_type(&box, PROTO_INPUT_EVENT) == 0, "not before the resend time");
    now += CONFIG.resend_us;
    device_tick(&dev, now, levels);
    drain(&dev, &box);
    CHECK(count_type(&box, PROTO_INPUT_EVENT) == 1, "resent when unacknowledged");
    now = set_input(&dev, &levels, 0, 0, now + 1000);
    drain(&dev, &box);
    host_ack(&dev, 7, 0, now + CONFIG.resend_us / 2);
    device_tick(&dev, now + CONFIG.resend_us / 2, levels);
    drain(&dev, &box);
    CHECK(count_type(&box, PROTO_INPUT_EVENT) == 2, "a repeated ack: go back to the oldest");
    host_ack(&dev, 7, 1, now + CONFIG.resend_us);
    host_send(&dev, &hello, now + CONFIG.resend_us);
    device_tick(&dev, now + CONFIG.resend_us, levels);
    drain(&dev, &box);
    CHECK(box.count == 2 && box.msgs[0].type == PROTO_HELLO && box.msgs[0].seq == 1 &&
              box.msgs[1].seq == 2,
          "the hello names the last acknowledged event; only the rest is sent again");
}

static void test_outputs_and_sync(void) {
    static device_t dev;
    inbox_t box;
    proto_msg_t msg;
    const proto_msg_t *m;
    boot(&dev, &box, 9);
    proto_msg_init(&msg, PROTO_SET_OUTPUT, 41, 9);
    msg.f[OUTPUT_OUTPUT] = 2;
    msg.f[OUTPUT_MODE] = OUTPUT_MODE_BLINK;
    msg.f[OUTPUT_ON_MS] = 100;
    msg.f[OUTPUT_OFF_MS] = 50;
    msg.f[OUTPUT_REPEATS] = 2;
    host_send(&dev, &msg, 1000000);
    drain(&dev, &box);
    m = find(&box, PROTO_ACK);
    CHECK(m && m->seq == 41 && m->f[ACK_SEQ] == 41 && m->boot_id == 9, "set_output is acked");
    device_tick(&dev, 1000000 + 50000, 0);
    CHECK(device_output_level(&dev, 2) == 1, "on in the first 100 ms");
    device_tick(&dev, 1000000 + 120000, 0);
    CHECK(device_output_level(&dev, 2) == 0, "off for 50 ms");
    host_send(&dev, &msg, 1000000 + 100000); /* the same command again: its ack was lost */
    drain(&dev, &box);
    CHECK(count_type(&box, PROTO_ACK) == 1, "a repeat is acked again");
    device_tick(&dev, 1000000 + 120000, 0);
    CHECK(device_output_level(&dev, 2) == 0, "and does not start the pattern over");
    device_tick(&dev, 1000000 + 160000, 0);
    CHECK(device_output_level(&dev, 2) == 1, "on again");
    device_tick(&dev, 1000000 + 310000, 0);
    CHECK(device_output_level(&dev, 2) == 0, "off after two repeats");
    msg.seq = 44;
    msg.f[OUTPUT_OUTPUT] = 1;
    msg.f[OUTPUT_REPEATS] = 0; /* until changed: past 2^32 us the arithmetic is 64-bit */
    host_send(&dev, &msg, 1000000);
    drain(&dev, &box);
    device_tick(&dev, 1000000 + 5000000000ull, 0);
    CHECK(device_output_level(&dev, 1) == 1, "on, 5000 s later (5000000 ms = 50 into a period)");
    device_tick(&dev, 1000000 + 5000060000ull, 0);
    CHECK(device_output_level(&dev, 1) == 0, "off 60 ms later (110 into the period)");
    msg.seq = 42;
    msg.f[OUTPUT_OUTPUT] = 0;
    msg.f[OUTPUT_MODE] = OUTPUT_MODE_ON;
    host_send(&dev, &msg, 1400000);
    device_tick(&dev, 1400000, 0);
    CHECK(device_output_level(&dev, 0) == 1, "a steady LED");
    msg.seq = 43;
    msg.f[OUTPUT_OUTPUT] = 3;
    host_send(&dev, &msg, 1400000);
    device_tick(&dev, 1400000 + CONFIG.heartbeat_us, 0);
    drain(&dev, &box);
    m = find(&box, PROTO_ERROR);
    CHECK(m && m->f[ERROR_CODE] == ERR_BAD_OUTPUT && m->f[ERROR_DETAIL] == 3,
          "an output the panel lacks is reported");
    CHECK(count_type(&box, PROTO_ACK) == 2, "and acknowledged, so it is not repeated");
    proto_msg_init(&msg, PROTO_TIME_SYNC, 5, 9);
    msg.f[SYNC_HOST_TIME_US] = 123456789012ull;
    host_send(&dev, &msg, 2000000);
    drain(&dev, &box);
    m = find(&box, PROTO_TIME_SYNC);
    CHECK(m && m->seq == 5 && m->f[SYNC_HOST_TIME_US] == 123456789012ull &&
              m->f[SYNC_DEVICE_TIME_US] == 2000000,
          "time_sync echoes the host time with the device time");
}

static void test_faults(void) {
    static device_t dev;
    inbox_t box;
    uint32_t levels = 0;
    uint64_t now = 1000;
    int i;
    const proto_msg_t *m;
    static const uint8_t garbage[] = {0x13, 0x37, 0x00, 0xFF, 0x01, 0x02, 0x00, 0x00, 0x41};
    boot(&dev, &box, 11);
    for (i = 0; i < QUEUE_CAPACITY + 3; i++) {
        now = set_input(&dev, &levels, 1, !(i % 2), now + 1000);
        drain(&dev, &box);
    }
    CHECK(device_pending(&dev) == QUEUE_CAPACITY && dev.dropped_events == 3, "overflow counted");
    device_tick(&dev, now + CONFIG.heartbeat_us, levels);
    drain(&dev, &box);
    m = find(&box, PROTO_ERROR);
    CHECK(m && m->f[ERROR_CODE] == ERR_QUEUE_OVERFLOW && m->f[ERROR_DETAIL] == 3,
          "the overflow is reported");
    device_rx(&dev, garbage, sizeof garbage, now);
    CHECK(dev.rx_errors == 2, "two broken frames in the garbage, %lu", (unsigned long)dev.rx_errors);
    host_ack(&dev, 11, 5, now);
    CHECK(device_pending(&dev) == QUEUE_CAPACITY && dev.rx_errors == 3,
          "a frame glued to trailing garbage is lost with it");
    host_ack(&dev, 11, 5, now);
    CHECK(device_pending(&dev) == QUEUE_CAPACITY - 5, "the next frame is read: resynchronised");
}

/* Found by the simulator's soak: garbage after an overflow hid it from the host. */
static void test_overflow_outranks_a_bad_frame(void) {
    static device_t dev;
    inbox_t box;
    uint32_t levels = 0;
    uint64_t now = 1000;
    int i;
    const proto_msg_t *m;
    static const uint8_t garbage[] = {0x13, 0x37, 0x00};
    boot(&dev, &box, 12);
    for (i = 0; i < QUEUE_CAPACITY + 1; i++) {
        now = set_input(&dev, &levels, 2, !(i % 2), now + 1000);
        drain(&dev, &box);
    }
    device_rx(&dev, garbage, sizeof garbage, now);
    device_tick(&dev, now + CONFIG.heartbeat_us, levels);
    drain(&dev, &box);
    m = find(&box, PROTO_ERROR);
    CHECK(m && m->f[ERROR_CODE] == ERR_QUEUE_OVERFLOW && m->f[ERROR_DETAIL] == 1,
          "the overflow is reported, not the broken frame after it");
}

void test_device(void) {
    test_boot_and_press();
    test_resend();
    test_outputs_and_sync();
    test_faults();
    test_overflow_outranks_a_bad_frame();
}

/* A fake board for panel_main.c: a clock, pins and a serial line in memory. */
static uint64_t fake_now;
static uint32_t fake_inputs;
static uint8_t fake_outputs[DEVICE_MAX_OUTPUTS];
static uint8_t fake_sent[1024];
static size_t fake_sent_len;
static size_t fake_uart_room;

uint64_t hal_micros(void) { return fake_now; }
uint32_t hal_read_inputs(void) { return fake_inputs; }
void hal_write_output(uint8_t output, uint8_t level) { fake_outputs[output] = level; }
/* Bytes the host sent, waiting in the board's UART. */
static uint8_t fake_rx[64];
static size_t fake_rx_len, fake_rx_pos;

int hal_serial_read(void) { return fake_rx_pos < fake_rx_len ? fake_rx[fake_rx_pos++] : -1; }
uint32_t hal_boot_id(void) { return 0x5EED; }

size_t hal_serial_write(const uint8_t *data, size_t len) {
    size_t n = len < fake_uart_room ? len : fake_uart_room;
    if (fake_sent_len + n > sizeof fake_sent) n = sizeof fake_sent - fake_sent_len;
    memcpy(fake_sent + fake_sent_len, data, n);
    fake_sent_len += n;
    return n;
}

void test_panel_main(void) {
    proto_reader_t reader;
    proto_msg_t msg;
    size_t i;
    int hellos = 0, events = 0;
    uint16_t seq;
    fake_uart_room = 3; /* a slow UART: the loop must keep what it could not write */
    panel_setup(&CONFIG);
    for (fake_now = 0; fake_now < 200000; fake_now += 500) {
        fake_inputs = fake_now >= 50000 && fake_now < 120000 ? 1u : 0u;
        panel_loop();
    }
    proto_reader_init(&reader);
    for (i = 0; i < fake_sent_len; i++) {
        enum proto_result r = proto_reader_push(&reader, fake_sent[i], &msg);
        CHECK(r == PROTO_OK || r == PROTO_NONE, "a broken frame from the loop");
        if (r != PROTO_OK) continue;
        hellos += msg.type == PROTO_HELLO && msg.boot_id == 0x5EED;
        events += msg.type == PROTO_INPUT_EVENT;
    }
    CHECK(hellos == 1 && events == 2, "hello and a press and release through the HAL (%d, %d)",
          hellos, events);
    CHECK(panel_device()->cfg.device_id == CONFIG.device_id && fake_outputs[0] == 0,
          "outputs are driven");
    /* A flood of received bytes does not keep the loop from sampling the buttons. */
    seq = device_last_seq(panel_device());
    memset(fake_rx, 0x01, sizeof fake_rx);
    fake_rx_len = sizeof fake_rx;
    fake_inputs = 1u;
    for (i = 0; i < 2; i++, fake_now += CONFIG.debounce_us) panel_loop();
    CHECK(fake_rx_pos == 2 * PANEL_RX_PER_TURN && device_last_seq(panel_device()) == seq + 1,
          "a share of the bytes a turn, and the press sampled (%u read)", (unsigned)fake_rx_pos);
}
