/* The HAL (hal.h) for the ATmega328P on avr-libc alone, and the firmware's main(): the same
 * portable sources as the host build run on top of it.  `make avr` builds it; board.h names the
 * pins and the timing.
 *
 * - Time: Timer1 counts at clk/8 (0.5 us) and interrupts every ms; hal_micros adds the count
 *   to the ms ticks, and carries the 32-bit tick counter into 64 bits (hal.h: never wraps).
 * - Inputs: pins with the internal pull-ups on, a button pulls its pin to GND (pressed = low).
 * - UART: 8N1 at BOARD_BAUD, received and sent by interrupts through two ring buffers, so the
 *   main loop never waits on the line.
 * - Between loops the CPU sleeps (idle mode: timers and the UART keep running) until the tick,
 *   a received byte or the transmitter wakes it.
 * - Boot id: an EEPROM boot counter and the noise of a floating analog pin. */
#include "board.h"

#define F_CPU BOARD_F_CPU /* before avr-libc's headers, which time things by it */

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <avr/sleep.h>
#include <util/atomic.h>

#include "hal.h"
#include "panel_main.h"

/* util/setbaud.h picks UBRR and the double-speed bit for BAUD.  At 16 MHz, 115200 baud comes
 * out at 117647 (+2.1 %), as on every 16 MHz Arduino; its 2 % default tolerance would refuse
 * it, and 8N1 receivers take a few percent. */
#define BAUD BOARD_BAUD
#define BAUD_TOL 3
#include <util/setbaud.h>

#define TIMER_PRESCALER 8UL
#define COUNTS_PER_US (BOARD_F_CPU / TIMER_PRESCALER / 1000000UL)
#define COUNTS_PER_TICK (BOARD_TICK_US * COUNTS_PER_US)

/* Ring sizes: powers of two (the index wraps by mask).  The loop wakes for every byte
 * received and empties the ring each turn (board.h PANEL_RX_PER_TURN); its longest turn,
 * measured in the simulator, is about 2 ms (resending the queue to a host that came back),
 * and the ring held at most 20 bytes in the soak.  16 to send: every byte sent wakes the loop,
 * which tops the ring up from the 16 panel_main keeps ready. */
#define RX_RING 32u
#define TX_RING 16u

/* ADC: AVcc reference, clk/128 (125 kHz at 16 MHz, within the 50-200 kHz the ADC wants). */
#define ADC_PRESCALER_BITS (_BV(ADPS2) | _BV(ADPS1) | _BV(ADPS0))
#define NOISE_SAMPLES 16u

static const board_pin_t INPUT_PINS[BOARD_INPUTS] PROGMEM = BOARD_INPUT_PINS;
static const board_pin_t OUTPUT_PINS[BOARD_OUTPUTS] PROGMEM = BOARD_OUTPUT_PINS;

static volatile uint32_t ticks; /* ms since boot, wrapping every 49 days */
static uint32_t last_ticks;
static uint64_t tick_carry; /* 2^32 for every wrap of ticks */

static volatile uint8_t rx_buf[RX_RING];
static volatile uint8_t rx_head, rx_tail;
static volatile uint8_t tx_buf[TX_RING];
static volatile uint8_t tx_head, tx_tail;

ISR(TIMER1_COMPA_vect) {
    ticks++;
}

ISR(USART_RX_vect) {
    uint8_t byte = UDR0;
    uint8_t next = (uint8_t)((rx_head + 1u) & (RX_RING - 1u));
    if (next != rx_tail) { /* full: the byte is lost, and the protocol resends what it held */
        rx_buf[rx_head] = byte;
        rx_head = next;
    }
}

ISR(USART_UDRE_vect) {
    if (tx_tail == tx_head) {
        UCSR0B &= (uint8_t)~_BV(UDRIE0); /* nothing left: stop asking */
        return;
    }
    UDR0 = tx_buf[tx_tail];
    tx_tail = (uint8_t)((tx_tail + 1u) & (TX_RING - 1u));
}

static volatile uint8_t *port_register(uint8_t port) {
    return port == BOARD_PORT_B ? &PORTB : port == BOARD_PORT_C ? &PORTC : &PORTD;
}

static volatile uint8_t *ddr_register(uint8_t port) {
    return port == BOARD_PORT_B ? &DDRB : port == BOARD_PORT_C ? &DDRC : &DDRD;
}

static void set_bit(volatile uint8_t *reg, uint8_t bit) {
    *reg = (uint8_t)(*reg | _BV(bit));
}

static void clear_bit(volatile uint8_t *reg, uint8_t bit) {
    *reg = (uint8_t)(*reg & ~_BV(bit));
}

static board_pin_t pin_at(const board_pin_t *table, uint8_t index) {
    board_pin_t pin;
    memcpy_P(&pin, &table[index], sizeof pin);
    return pin;
}

static void pins_init(void) {
    uint8_t i;
    for (i = 0; i < BOARD_INPUTS; i++) {
        board_pin_t pin = pin_at(INPUT_PINS, i);
        clear_bit(ddr_register(pin.port), pin.bit);
        set_bit(port_register(pin.port), pin.bit); /* the pull-up */
    }
    for (i = 0; i < BOARD_OUTPUTS; i++) {
        board_pin_t pin = pin_at(OUTPUT_PINS, i);
        clear_bit(port_register(pin.port), pin.bit);
        set_bit(ddr_register(pin.port), pin.bit);
    }
}

static void timer_init(void) {
    TCCR1A = 0;
    TCCR1B = _BV(WGM12) | _BV(CS11); /* CTC on OCR1A, clk/8 */
    OCR1A = (uint16_t)(COUNTS_PER_TICK - 1u);
    TIMSK1 = _BV(OCIE1A);
}

static void uart_init(void) {
    UBRR0H = UBRRH_VALUE;
    UBRR0L = UBRRL_VALUE;
#if USE_2X
    UCSR0A = _BV(U2X0);
#else
    UCSR0A = 0;
#endif
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00); /* 8N1 */
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

uint64_t hal_micros(void) {
    uint32_t now;
    uint16_t count;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        now = ticks;
        count = TCNT1;
        /* the counter wrapped but its interrupt has not run yet: that tick counts already */
        if ((TIFR1 & _BV(OCF1A)) && count < COUNTS_PER_TICK / 2u) now++;
    }
    if (now < last_ticks) tick_carry += (uint64_t)1 << 32;
    last_ticks = now;
    return (tick_carry + now) * BOARD_TICK_US + count / COUNTS_PER_US;
}

/* Called every turn of the loop: the table is read from flash field by field (a memcpy_P of
 * each pin cost a fifth of the chip's time in the simulator). */
uint32_t hal_read_inputs(void) {
    uint8_t ports[3];
    uint32_t levels = 0, bit = 1;
    uint8_t i;
    ports[BOARD_PORT_B] = PINB;
    ports[BOARD_PORT_C] = PINC;
    ports[BOARD_PORT_D] = PIND;
    for (i = 0; i < BOARD_INPUTS; i++, bit <<= 1) {
        uint8_t port = pgm_read_byte(&INPUT_PINS[i].port);
        uint8_t mask = (uint8_t)_BV(pgm_read_byte(&INPUT_PINS[i].bit));
        if (!(ports[port] & mask)) levels |= bit; /* low: pressed */
    }
    return levels;
}

void hal_write_output(uint8_t output, uint8_t level) {
    board_pin_t pin;
    if (output >= BOARD_OUTPUTS) return;
    pin = pin_at(OUTPUT_PINS, output);
    if (level) {
        set_bit(port_register(pin.port), pin.bit);
    } else {
        clear_bit(port_register(pin.port), pin.bit);
    }
}

int hal_serial_read(void) {
    uint8_t byte;
    if (rx_tail == rx_head) return -1;
    byte = rx_buf[rx_tail];
    rx_tail = (uint8_t)((rx_tail + 1u) & (RX_RING - 1u));
    return byte;
}

size_t hal_serial_write(const uint8_t *data, size_t len) {
    size_t taken = 0;
    while (taken < len) {
        uint8_t next = (uint8_t)((tx_head + 1u) & (TX_RING - 1u));
        if (next == tx_tail) break;
        tx_buf[tx_head] = data[taken++];
        tx_head = next;
    }
    if (taken > 0) UCSR0B |= _BV(UDRIE0);
    return taken;
}

static uint16_t adc_read(uint8_t channel) {
    ADMUX = (uint8_t)(_BV(REFS0) | channel);
    ADCSRA |= _BV(ADSC);
    while (ADCSRA & _BV(ADSC)) {
    }
    return ADC;
}

/* The counter makes ids differ from boot to boot of one board; the noise makes a board whose
 * EEPROM was erased (or a second board) unlikely to repeat an id a host still remembers. */
uint32_t hal_boot_id(void) {
    uint16_t *counter_addr = (uint16_t *)BOARD_BOOT_COUNTER_ADDR;
    uint16_t counter = (uint16_t)(eeprom_read_word(counter_addr) + 1u);
    uint16_t noise = 0;
    uint32_t id;
    uint8_t i;
    eeprom_update_word(counter_addr, counter);
    ADCSRA = _BV(ADEN) | ADC_PRESCALER_BITS;
    for (i = 0; i < NOISE_SAMPLES; i++) {
        noise = (uint16_t)((noise << 1) ^ (adc_read(BOARD_NOISE_ADC_CHANNEL) & 1u));
    }
    ADCSRA = 0; /* the ADC off again: it is not needed until the next boot */
    id = ((uint32_t)noise << 16) | counter;
    return id != 0 ? id : 1;
}

/* The configuration is built field by field on this function's stack: an initialiser would
 * keep a copy of it in RAM (.data) for good, and main's frame (which never returns) too. */
__attribute__((noinline)) static void panel_start(void) {
    device_config_t config;
    config.device_id = BOARD_DEVICE_ID;
    config.inputs = BOARD_INPUTS;
    config.outputs = BOARD_OUTPUTS;
    config.buzzer_mask = BOARD_BUZZER_MASK;
    config.debounce_us = BOARD_DEBOUNCE_US;
    config.heartbeat_us = BOARD_HEARTBEAT_US;
    config.resend_us = BOARD_RESEND_US;
    config.host_timeout_us = BOARD_HOST_TIMEOUT_US;
    panel_setup(&config);
}

int main(void) {
    pins_init();
    timer_init();
    uart_init();
    SMCR = (uint8_t)SLEEP_MODE_IDLE; /* set_sleep_mode, without its int arithmetic */
    sei();
    panel_start();
    for (;;) {
        panel_loop();
        /* Sleep unless a byte came in since the loop looked: checked with interrupts off, and
         * sei takes effect after the next instruction, so no wake-up falls between the check
         * and the sleep. */
        cli();
        if (rx_tail == rx_head) {
            sleep_enable();
            sei();
            sleep_cpu();
            sleep_disable();
        }
        sei();
    }
}
