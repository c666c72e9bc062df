/* The board's main loop over the HAL: call panel_setup once, then panel_loop forever. */
#ifndef PANEL_MAIN_H
#define PANEL_MAIN_H

#include "device.h"

/* Received bytes handled per turn of the loop; the rest wait for the next turn. */
#ifndef PANEL_RX_PER_TURN
#define PANEL_RX_PER_TURN 16
#endif
/* Bytes taken from the device but not yet accepted by the board's UART.  A board whose HAL
 * buffers the line itself needs fewer (avr/board.h sets it for the ATmega328P). */
#ifndef PANEL_TX_CHUNK
#define PANEL_TX_CHUNK 64
#endif

void panel_setup(const device_config_t *cfg);
void panel_loop(void);
/* The running device, for a board that wants to show its state (and for the tests). */
const device_t *panel_device(void);

#endif
