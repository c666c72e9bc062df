/* The board's main loop over the HAL: call panel_setup once, then panel_loop forever. */
#ifndef PANEL_MAIN_H
#define PANEL_MAIN_H

#include "device.h"

void panel_setup(const device_config_t *cfg);
void panel_loop(void);
/* The running device, for a board that wants to show its state (and for the tests). */
const device_t *panel_device(void);

#endif
