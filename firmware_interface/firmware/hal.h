/* The hardware abstraction: the only functions a board must provide.  Everything above it
 * (panel_main.c, device.c and below) is plain C99 with fixed buffers, built and tested on the
 * host; a board port is one file implementing these (arduino/panel.ino is one). */
#ifndef PANEL_HAL_H
#define PANEL_HAL_H

#include <stddef.h>
#include <stdint.h>

/* Microseconds since power-on, never wrapping (extend a 32-bit timer in the port). */
uint64_t hal_micros(void);
/* Input levels, bit i set while input i is pressed (active level already resolved). */
uint32_t hal_read_inputs(void);
void hal_write_output(uint8_t output, uint8_t level);
/* One received byte, or -1 when none is waiting. */
int hal_serial_read(void);
/* Queue bytes for sending without blocking; returns how many were taken. */
size_t hal_serial_write(const uint8_t *data, size_t len);
/* A number different at every boot (an EEPROM counter, or noise from a floating pin). */
uint32_t hal_boot_id(void);

#endif
