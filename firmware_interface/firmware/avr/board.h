/* The panel on an ATmega328P board (Arduino Uno, Nano, Pro Mini at 16 MHz): the one place its
 * pins, clock, baud rate and timing are named.  The firmware's AVR port (hal_avr.c) is built
 * from it, the simulator harness (../sim/panel_sim.c) wires its virtual buttons, bell, LEDs and
 * buzzer to the same pins, and docs/panel-wiring.md draws them.  Plain C: no avr-libc here, so
 * the host-built harness includes it too. */
#ifndef PANEL_BOARD_H
#define PANEL_BOARD_H

#include <stdint.h>

#define BOARD_MCU "atmega328p"
#define BOARD_F_CPU 16000000UL
#define BOARD_BAUD 115200UL
/* The chip's memories, for the size budget and the simulator's stack measurement. */
#define BOARD_FLASH_BYTES 32768UL
#define BOARD_RAM_BYTES 2048UL

/* Which panel this is: give each panel of a club its own (make avr DEVICE_ID=0x...). */
#ifndef BOARD_DEVICE_ID
#define BOARD_DEVICE_ID 0x00C0FFEEUL
#endif

/* The protocol's timing (PROTOCOL.md): a contact must hold 5 ms to count, a heartbeat every
 * 250 ms, unacknowledged events resent after 100 ms, a host silent for 1 s is gone. */
#define BOARD_DEBOUNCE_US 5000UL
#define BOARD_HEARTBEAT_US 250000UL
#define BOARD_RESEND_US 100000UL
#define BOARD_HOST_TIMEOUT_US 1000000UL

/* The main loop wakes at least this often to sample the buttons (device_tick: every ms). */
#define BOARD_TICK_US 1000UL

enum board_port { BOARD_PORT_B, BOARD_PORT_C, BOARD_PORT_D };

typedef struct {
    uint8_t port;        /* enum board_port */
    uint8_t bit;         /* bit in that port */
    uint8_t arduino_pin; /* the pin's number printed on an Uno or Nano: D2 is 2 */
} board_pin_t;

/* Inputs 0..7: a button or bell from the pin to GND, the chip's pull-up holding it high
 * (pressed reads low).  The default keymap (hardware/keymaps/default.yaml) makes 0-3 the
 * players' buttons, 4 the bell, 5 foul, 6 undo, 7 confirm. */
#define BOARD_INPUT_PINS                                                                      \
    {                                                                                         \
        {BOARD_PORT_D, 2, 2}, {BOARD_PORT_D, 3, 3}, {BOARD_PORT_D, 4, 4},                     \
            {BOARD_PORT_D, 5, 5}, {BOARD_PORT_D, 6, 6}, {BOARD_PORT_D, 7, 7},                 \
            {BOARD_PORT_B, 0, 8}, {BOARD_PORT_B, 1, 9},                                       \
    }
#define BOARD_INPUTS 8

/* Outputs 0..2, driven high when on: a LED (through a resistor) on 0 and 1, an active buzzer
 * (through a transistor) on 2. */
#define BOARD_OUTPUT_PINS                                                                     \
    { {BOARD_PORT_B, 2, 10}, {BOARD_PORT_B, 3, 11}, {BOARD_PORT_B, 4, 12} }
#define BOARD_OUTPUTS 3
#define BOARD_BUZZER_MASK (1u << 2)

/* The firmware's buffers sized for this chip's 2 KB of RAM: device.h, event_queue.h and
 * panel_main.h take these when this header comes first, as the AVR build makes it
 * (-include avr/board.h).  The resend queue holds 16 events (8 presses while no host
 * listens); frames wait in 64 bytes of the device, 16 of the loop and 16 of the UART's ring
 * (8 ms of line at 115200 baud; every byte sent wakes the loop to top the ring up), so a
 * resent queue goes out two frames a turn, in short turns; the inputs and outputs kept are
 * the board's (each more input costs 10 bytes of RAM). */
#define QUEUE_CAPACITY 16
#define DEVICE_TX_CAPACITY 64
#define PANEL_TX_CHUNK 16
/* A turn of the loop takes all the UART's ring holds (hal_avr.c RX_RING): bytes keep coming
 * while a turn resends the queue, and a smaller share let the ring overflow. */
#define PANEL_RX_PER_TURN 32
#define DEVICE_MAX_INPUTS BOARD_INPUTS
#define DEVICE_MAX_OUTPUTS BOARD_OUTPUTS

/* A0, left unconnected: the low bits of its readings are noise, half of each boot id. */
#define BOARD_NOISE_ADC_CHANNEL 0
/* The EEPROM address of the boot counter, the other half. */
#define BOARD_BOOT_COUNTER_ADDR 0

#endif
