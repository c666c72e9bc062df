#include "panel_main.h"

#include "hal.h"

static device_t device;
static uint8_t unsent[64]; /* taken from the device but not yet accepted by the UART */
static size_t unsent_len;

void panel_setup(const device_config_t *cfg) {
    device_boot(&device, cfg, hal_boot_id(), hal_micros(), hal_read_inputs());
    unsent_len = 0;
}

void panel_loop(void) {
    uint8_t i;
    int byte;
    size_t written, k;
    while ((byte = hal_serial_read()) >= 0) {
        uint8_t b = (uint8_t)byte;
        device_rx(&device, &b, 1, hal_micros());
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
