#include "panel_main.h"

#include "hal.h"

static device_t device;
static uint8_t unsent[PANEL_TX_CHUNK];
static size_t unsent_len;

void panel_setup(const device_config_t *cfg) {
    device_boot(&device, cfg, hal_boot_id(), hal_micros(), hal_read_inputs());
    unsent_len = 0;
}

void panel_loop(void) {
    uint8_t i, taken;
    int byte;
    size_t written, k;
    uint64_t now;
    /* A bounded share of the received bytes per turn: while the host's bytes keep coming
     * (acks of a resent queue, line noise), the buttons are still sampled every turn.  One
     * clock reading serves them all: on an 8-bit CPU a reading per byte made the loop slower
     * than the line at 115200 baud, and its receive buffer overflowed. */
    now = hal_micros();
    for (taken = 0; taken < PANEL_RX_PER_TURN && (byte = hal_serial_read()) >= 0; taken++) {
        uint8_t b = (uint8_t)byte;
        device_rx(&device, &b, 1, now);
    }
    device_tick(&device, hal_micros(), hal_read_inputs());
    if (unsent_len == 0) unsent_len = device_tx_take(&device, unsent, sizeof unsent);
    if (unsent_len > 0) {
        written = hal_serial_write(unsent, unsent_len);
        for (k = written; k < unsent_len; k++) unsent[k - written] = unsent[k];
        unsent_len -= written;
    }
    for (i = 0; i < device.cfg.outputs; i++) hal_write_output(i, device_output_level(&device, i));
}

const device_t *panel_device(void) {
    return &device;
}
