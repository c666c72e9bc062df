/* The panel firmware on an Arduino board (Uno, Nano, Leonardo, Pro Micro, ...): this file is
 * the HAL (hal.h) for the Arduino core; all logic is in the portable C files.  On an Uno or
 * Nano, `make avr` (avr-libc alone, ../../avr/hal_avr.c) builds a smaller firmware that sleeps
 * between turns; `make arduino` builds this sketch on the Arduino core, as the IDE does.
 *
 * Build in the IDE: copy the firmware next to this sketch, then compile and upload as usual:
 *   cp ../../protocol.[ch] ../../debounce.[ch] ../../event_queue.[ch] ../../device.[ch] \
 *      ../../panel_main.[ch] ../../hal.h .
 * On a 2 KB board give the buffers the sizes of ../../avr/board.h: add to the top of device.h
 * #define QUEUE_CAPACITY 16, #define DEVICE_TX_CAPACITY 64 (before the #ifndef blocks).
 *
 * Wiring (docs/panel-wiring.md; the same pins as avr/board.h): buttons from the input pins to
 * GND (internal pull-ups; pressed reads LOW); LEDs on outputs 0 and 1, an active buzzer on
 * output 2, each through a resistor or driver. */
#include <EEPROM.h>

extern "C" {
#include "hal.h"
#include "panel_main.h"
}

static const uint8_t INPUT_PINS[] = {2, 3, 4, 5, 6, 7, 8, 9};
static const uint8_t OUTPUT_PINS[] = {10, 11, 12};
static const uint8_t INPUTS = sizeof INPUT_PINS;
static const uint8_t OUTPUTS = sizeof OUTPUT_PINS;

static uint32_t last_micros;
static uint64_t micros_high;

extern "C" uint64_t hal_micros(void) {
    uint32_t now = micros(); /* wraps every 71 minutes: carry it into 64 bits */
    if (now < last_micros) micros_high += (uint64_t)1 << 32;
    last_micros = now;
    return micros_high | now;
}

extern "C" uint32_t hal_read_inputs(void) {
    uint32_t levels = 0;
    for (uint8_t i = 0; i < INPUTS; i++) {
        if (digitalRead(INPUT_PINS[i]) == LOW) levels |= (uint32_t)1 << i;
    }
    return levels;
}

extern "C" void hal_write_output(uint8_t output, uint8_t level) {
    if (output < OUTPUTS) digitalWrite(OUTPUT_PINS[output], level ? HIGH : LOW);
}

extern "C" int hal_serial_read(void) {
    return Serial.read();
}

extern "C" size_t hal_serial_write(const uint8_t *data, size_t len) {
    size_t room = (size_t)Serial.availableForWrite();
    return Serial.write(data, len < room ? len : room);
}

/* A boot counter in EEPROM (low 16 bits) and noise from a floating analog pin (high 16 bits):
 * different at every boot, and unlikely to repeat even after the EEPROM is erased. */
extern "C" uint32_t hal_boot_id(void) {
    uint16_t counter;
    uint16_t noise = 0;
    EEPROM.get(0, counter);
    counter++;
    EEPROM.put(0, counter);
    for (uint8_t i = 0; i < 16; i++) noise = (uint16_t)((noise << 1) ^ (analogRead(A0) & 1u));
    uint32_t id = ((uint32_t)noise << 16) | counter;
    return id != 0 ? id : 1;
}

void setup() {
    for (uint8_t i = 0; i < INPUTS; i++) pinMode(INPUT_PINS[i], INPUT_PULLUP);
    for (uint8_t i = 0; i < OUTPUTS; i++) pinMode(OUTPUT_PINS[i], OUTPUT);
    Serial.begin(115200);
    device_config_t config;
    config.device_id = 0x00C0FFEE; /* give each panel its own id */
    config.inputs = INPUTS;
    config.outputs = OUTPUTS;
    config.buzzer_mask = 1u << 2;
    config.debounce_us = 5000;
    config.heartbeat_us = 250000;
    config.resend_us = 100000;
    config.host_timeout_us = 1000000;
    panel_setup(&config);
}

void loop() {
    panel_loop();
}
