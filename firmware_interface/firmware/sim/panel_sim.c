/* panel_sim: the panel firmware's AVR ELF on a simulated ATmega328P (simavr, cycle-accurate),
 * wired as ../avr/board.h says, behind a pseudo-terminal.
 *
 *   panel_sim FIRMWARE.elf [--link PATH] [--seed N]
 *
 * The chip's UART is bridged to the pty at the chip's own baud rate: simavr times every byte
 * from UBRR, a byte reaches the pty at its stop bit, and the host's bytes enter the chip one
 * byte time apart.  The simulation is paced to the wall clock (every SERVICE_US of chip time it
 * waits for the wall clock to catch up), so a host opens the pty as it would a board on USB and
 * every timeout on both sides means what it says.
 *
 * Commands, one a line on standard input:
 *   press ID INPUT HOLD_US CHATTER_US   the contact of INPUT closes, bouncing for CHATTER_US
 *                                       (random bounces), stays closed HOLD_US after it
 *                                       settled, and opens with chatter again
 *   reset                               a pulse on RESET: the program starts over, RAM lost
 *   stall MS                            the chip's clock stops for MS ms; what the host sends
 *                                       meanwhile is lost (the UART is not clocked either)
 *   noise host|chip N                   N random bytes on the line towards the host / the chip
 *   unplug MS                           the pty goes away for MS ms, then a new one comes
 *   pins                                report the pins' direction and pull-ups
 *   quit                                (also: end of input, SIGTERM, SIGINT)
 * Reports, one a line on standard output; SIM is chip time in us since power-on, MONO the
 * CLOCK_MONOTONIC time in ns that chip instant was paced to:
 *   board MCU F_CPU BAUD DEBOUNCE_US INPUTS OUTPUTS DEVICE_ID
 *   port PATH                           the pty to open (again after every unplug)
 *   boot SIM MONO                       the chip's first byte after power-on or a reset
 *   edge ID INPUT LEVEL FIRST SETTLE MONO   a contact changed (LEVEL 1: closed): the first
 *                                       touch and the bounce that settled it (SIM), and the
 *                                       first touch's MONO
 *   out OUTPUT LEVEL SIM MONO           an output pin changed (a reset floats them: 0)
 *   reset SIM / stall MS SIM / noise WHERE N SIM / unplug MS SIM   a fault, as it was done
 *   tx HEX / rx HEX                     bytes the chip sent / received: the wire, tapped
 *   pins in=PD2:pullup,... out=PB2:output,...
 *   crashed SIM                         the program stopped (a sleep with interrupts off, a
 *                                       jump into nothing): the harness ends with status 3
 *   stats key=value ...                 last: chip time, how busy the CPU was, its longest
 *                                       loop turn and gap between turns, the pacing, the
 *                                       UART's baud rate, the stack's peak, bytes either way */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <avr_adc.h>
#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>

#include "../avr/board.h"

/* The harness wakes every SERVICE_US of chip time: it paces the chip to the wall clock, reads
 * the pty and the commands.  100 us is about a byte time at 115200 baud, so no host byte waits
 * much longer than one byte for the chip; a wake costs a clock read and a poll. */
#define SERVICE_US 100u
#define SERVICE_CYCLES (BOARD_F_CPU / 1000000UL * SERVICE_US)
/* The chip may run this far ahead of the wall clock before the harness waits for it. */
#define PACE_SLACK_NS 100000ULL
/* A service this far behind the wall clock counts as late (the machine did not run the
 * harness in time; the chip then catches up, running faster until it is on time again). */
#define LATE_NS 1000000ULL
/* Tapped wire bytes go out at least this often (or when TAP_FLUSH_BYTES are waiting). */
#define TAP_FLUSH_NS 2000000ULL
#define TAP_FLUSH_BYTES 256u
/* Contact chatter: this many bounces at most within the chatter time, each an open and a close
 * again (a press's contact touches, lifts, touches ...). */
#define MAX_BOUNCES 4u
/* Scheduled pin changes (a few presses in flight) and UART bytes in flight either way. */
#define MAX_PIN_CHANGES 512u
#define MAX_TX_IN_FLIGHT 64u
#define RX_QUEUE 8192u
/* A floating analog pin reads anywhere between the rails. */
#define AVCC_MV 5000u

/* The painted pattern in free RAM: what the stack never reached still holds it.  (Following
 * SP instead would count the moment between a frame's two SP writes, high byte then low,
 * when it points 256 bytes too deep.) */
#define STACK_PAINT 0xC5u

#define NS_PER_S 1000000000ULL
#define CYCLES_PER_US (BOARD_F_CPU / 1000000UL)

typedef struct {
    uint64_t cycle;
    uint32_t press_id;
    uint64_t first_cycle; /* the phase's first touch */
    uint8_t input;
    uint8_t level;  /* 1: contact closed (the pin pulled low) */
    uint8_t settle; /* the last change of its phase: report the edge */
} pin_change_t;

typedef struct {
    uint64_t cycle; /* the stop bit's end: when the byte is whole at the far end */
    uint8_t byte;
} tx_byte_t;

static avr_t *avr;
static avr_uart_t *uart;
static FILE *report;
static int stdin_fd = 0;
static volatile sig_atomic_t stop_requested;

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL; /* chatter and noise: --seed repeats them */
/* A floating pin's noise (half of each boot id) never repeats from run to run, seed or not: a
 * host that stays up across two runs must not take the second's boot for the first's. */
static uint64_t pin_noise_state;

static uint64_t base_cycle, base_mono; /* chip cycle base_cycle is paced to wall base_mono */
static uint64_t max_lag_ns;            /* how far the chip fell behind the wall clock */
static uint64_t services, late_services;
static uint32_t loop_address; /* panel_loop: each turn of the main loop starts there */
static uint64_t loop_entered, longest_loop_gap; /* cycles between two turns */
static uint64_t longest_turn;                   /* cycles from a turn's start to the sleep */
static uint64_t busy_cycles;                    /* cycles the CPU ran (not asleep) */

static pin_change_t changes[MAX_PIN_CHANGES];
static unsigned n_changes;
static uint8_t ext_mask[3], ext_value[3];

static tx_byte_t tx_flight[MAX_TX_IN_FLIGHT];
static unsigned tx_first, tx_count;
static uint8_t rx_queue[RX_QUEUE];
static unsigned rx_first, rx_count;
static uint64_t rx_next_cycle;

static int master_fd = -1, slave_fd = -1;
static char pty_path[128];
static const char *link_path;
static uint64_t replug_at_ns;
static uint64_t stall_until_ns;
static int reset_requested;
static int booted; /* the chip has sent a byte since its last reset */

static uint8_t out_level[BOARD_OUTPUTS];

static char tap_tx[2 * TAP_FLUSH_BYTES + 1], tap_rx[2 * TAP_FLUSH_BYTES + 1];
static unsigned tap_tx_len, tap_rx_len;
static uint64_t tap_flushed_ns;

static char command_buf[4096];
static size_t command_len;

static uint32_t ram_start; /* data address of the first byte after .bss (__bss_end) */
static unsigned stack_peak;
static uint64_t bytes_to_host, bytes_from_host, bytes_lost_unplugged, bytes_lost_full_pty,
    bytes_lost_stalled, noise_bytes;

static const board_pin_t INPUT_PINS[BOARD_INPUTS] = BOARD_INPUT_PINS;
static const board_pin_t OUTPUT_PINS[BOARD_OUTPUTS] = BOARD_OUTPUT_PINS;
static const char PORT_NAMES[3] = {'B', 'C', 'D'};

static uint64_t xorshift(uint64_t *state) {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

static uint64_t rng_next(void) {
    return xorshift(&rng_state);
}

static uint64_t rng_below(uint64_t n) {
    return n ? rng_next() % n : 0;
}

static uint64_t mono_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * NS_PER_S + (uint64_t)now.tv_nsec;
}

/* Whole seconds and the rest apart: cycles times 10^9 overflows 64 bits after 19 minutes. */
static uint64_t cycle_mono(uint64_t cycle) {
    uint64_t cycles = cycle - base_cycle;
    return base_mono + cycles / BOARD_F_CPU * NS_PER_S +
           cycles % BOARD_F_CPU * NS_PER_S / BOARD_F_CPU;
}

static uint64_t sim_us(uint64_t cycle) {
    return cycle / CYCLES_PER_US;
}

static void die(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("panel_sim: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(2);
}

static void say(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vfprintf(report, format, args);
    va_end(args);
    fputc('\n', report);
}

/* ----------------------------------------------------------------------------------------- */
/* The wire tap: what the chip sent and received, in hex, for the host's checks. */

static void tap_flush(void) {
    if (tap_tx_len) say("tx %.*s", (int)tap_tx_len, tap_tx);
    if (tap_rx_len) say("rx %.*s", (int)tap_rx_len, tap_rx);
    tap_tx_len = tap_rx_len = 0;
    tap_flushed_ns = mono_ns();
}

static void tap(char *buf, unsigned *len, uint8_t byte) {
    static const char HEX[] = "0123456789abcdef";
    if (*len + 2 > 2 * TAP_FLUSH_BYTES) tap_flush();
    buf[(*len)++] = HEX[byte >> 4];
    buf[(*len)++] = HEX[byte & 15u];
}

/* ----------------------------------------------------------------------------------------- */
/* The pty. */

static void pty_open(void) {
    struct termios raw;
    if (openpty(&master_fd, &slave_fd, pty_path, NULL, NULL) != 0) {
        die("openpty: %s", strerror(errno));
    }
    tcgetattr(slave_fd, &raw);
    cfmakeraw(&raw);
    tcsetattr(slave_fd, TCSANOW, &raw);
    fcntl(master_fd, F_SETFL, fcntl(master_fd, F_GETFL) | O_NONBLOCK);
    if (link_path != NULL) {
        char temporary[4096];
        snprintf(temporary, sizeof temporary, "%s.new", link_path);
        unlink(temporary);
        if (symlink(pty_path, temporary) != 0 || rename(temporary, link_path) != 0) {
            die("cannot link %s to %s: %s", link_path, pty_path, strerror(errno));
        }
    }
    say("port %s", pty_path);
}

static void pty_close(void) {
    if (master_fd < 0) return;
    if (link_path != NULL) {
        char target[128];
        ssize_t n = readlink(link_path, target, sizeof target - 1);
        if (n >= 0) {
            target[n] = 0;
            if (strcmp(target, pty_path) == 0) unlink(link_path);
        }
    }
    close(master_fd);
    close(slave_fd);
    master_fd = slave_fd = -1;
}

static void to_host(const uint8_t *data, size_t len) {
    ssize_t written;
    if (master_fd < 0) {
        bytes_lost_unplugged += len;
        return;
    }
    written = write(master_fd, data, len);
    if (written < 0) written = 0;
    bytes_to_host += (uint64_t)written;
    bytes_lost_full_pty += len - (size_t)written; /* a host that does not read: the line drops */
}

/* ----------------------------------------------------------------------------------------- */
/* The UART, at the chip's own baud rate. */

static uint32_t uart_cycles_per_bit(void) {
    uint32_t ubrr = (uint32_t)avr_regbit_get(avr, uart->ubrrl) |
                    ((uint32_t)avr_regbit_get(avr, uart->ubrrh) << 8);
    return (ubrr + 1u) * (avr_regbit_get(avr, uart->u2x) ? 8u : 16u);
}

/* The baud rate the chip set (its UBRR and double-speed bit), for the report. */
static unsigned long long uart_baud(void) {
    return BOARD_F_CPU / uart_cycles_per_bit();
}

/* simavr 1.6 counts a parity bit in every frame; the chip's frame is start, data, parity (when
 * enabled), stop bits.  The byte time is recomputed from the registers as the chip set them. */
static avr_cycle_count_t uart_cycles_per_byte(void) {
    static const int DATA_BITS[8] = {5, 6, 7, 8, 8, 8, 8, 9};
    uint8_t ucsrc = avr->data[uart->usbs.reg];
    int data_bits =
        DATA_BITS[avr_regbit_get(avr, uart->ucsz) | (avr_regbit_get(avr, uart->ucsz2) << 2)];
    int parity = (ucsrc >> 4) & 3u ? 1 : 0; /* UPMn1:0 */
    int stop_bits = 1 + avr_regbit_get(avr, uart->usbs);
    uart->cycles_per_byte = uart_cycles_per_bit() * (uint32_t)(1 + data_bits + parity + stop_bits);
    return uart->cycles_per_byte;
}

static avr_cycle_count_t harness_timer(avr_t *a, avr_cycle_count_t when, void *param);

static void schedule(void) {
    uint64_t next = UINT64_MAX;
    if (n_changes) next = changes[0].cycle;
    if (tx_count && tx_flight[tx_first].cycle < next) next = tx_flight[tx_first].cycle;
    if (rx_count) {
        uint64_t feed = rx_next_cycle > avr->cycle ? rx_next_cycle : avr->cycle + 1;
        if (feed < next) next = feed;
    }
    if (next == UINT64_MAX) {
        avr_cycle_timer_cancel(avr, harness_timer, NULL);
        return;
    }
    avr_cycle_timer_register(avr, next > avr->cycle ? next - avr->cycle : 1, harness_timer, NULL);
}

static void on_uart_output(avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    if (!booted) {
        booted = 1;
        say("boot %llu %llu", (unsigned long long)sim_us(avr->cycle),
            (unsigned long long)cycle_mono(avr->cycle));
    }
    if (tx_count == MAX_TX_IN_FLIGHT) die("more UART bytes in flight than a UART can hold");
    tx_flight[(tx_first + tx_count) % MAX_TX_IN_FLIGHT] =
        (tx_byte_t){avr->cycle + uart_cycles_per_byte(), (uint8_t)value};
    tx_count++;
    schedule();
}

static void to_chip(const uint8_t *data, size_t len) {
    size_t i;
    for (i = 0; i < len; i++) {
        if (rx_count == RX_QUEUE) {
            bytes_lost_full_pty++;
            continue;
        }
        rx_queue[(rx_first + rx_count) % RX_QUEUE] = data[i];
        rx_count++;
    }
    schedule();
}

/* ----------------------------------------------------------------------------------------- */
/* Pins. */

static avr_irq_t *pin_irq(board_pin_t pin) {
    return avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(PORT_NAMES[pin.port]), pin.bit);
}

static int pullup_on(board_pin_t pin) {
    avr_ioport_state_t state;
    avr_ioctl(avr, AVR_IOCTL_IOPORT_GETSTATE(PORT_NAMES[pin.port]), &state);
    return !(state.ddr & (1u << pin.bit)) && (state.port & (1u << pin.bit));
}

/* A closed contact ties the pin to GND, whatever the pull-up says (simavr lets an "external"
 * level override it).  An open one leaves the pin to the chip: high through its pull-up, or
 * floating where the program forgot it (it then keeps reading what it read last). */
static void drive_contact(uint8_t input, uint8_t level) {
    board_pin_t pin = INPUT_PINS[input];
    avr_ioport_external_t external;
    uint8_t bit = (uint8_t)(1u << pin.bit);
    if (level) {
        ext_mask[pin.port] |= bit;
        ext_value[pin.port] &= (uint8_t)~bit;
    } else {
        ext_mask[pin.port] &= (uint8_t)~bit;
    }
    external.name = (unsigned char)PORT_NAMES[pin.port];
    external.mask = ext_mask[pin.port];
    external.value = ext_value[pin.port];
    avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(PORT_NAMES[pin.port]), &external);
    if (level) {
        avr_raise_irq(pin_irq(pin), 0);
    } else if (pullup_on(pin)) {
        avr_raise_irq(pin_irq(pin), 1);
    }
}

static void on_output_pin(avr_irq_t *irq, uint32_t value, void *param) {
    uint8_t output = (uint8_t)(uintptr_t)param;
    uint8_t level = value ? 1 : 0;
    (void)irq;
    if (level == out_level[output]) return;
    out_level[output] = level;
    say("out %u %u %llu %llu", output, level, (unsigned long long)sim_us(avr->cycle),
        (unsigned long long)cycle_mono(avr->cycle));
}

static void add_change(pin_change_t change) {
    unsigned at = n_changes;
    if (n_changes == MAX_PIN_CHANGES) die("too many presses in flight (%u pin changes)", n_changes);
    while (at > 0 && changes[at - 1].cycle > change.cycle) {
        changes[at] = changes[at - 1];
        at--;
    }
    changes[at] = change;
    n_changes++;
}

/* One phase of a press: the first touch at `start`, bounces within `chatter_cycles`, the last
 * change settling at `level`.  Returns the settling cycle. */
static uint64_t add_phase(uint32_t id, uint8_t input, uint8_t level, uint64_t start,
                          uint64_t chatter_cycles) {
    uint64_t times[2 * MAX_BOUNCES];
    unsigned bounces = chatter_cycles ? 1u + (unsigned)rng_below(MAX_BOUNCES) : 0u, n = 2 * bounces,
             i, j;
    uint64_t settle = start;
    for (i = 0; i < n; i++) { /* random instants after the first touch, sorted */
        uint64_t t = start + 1u + rng_below(chatter_cycles);
        for (j = i; j > 0 && times[j - 1] > t; j--) times[j] = times[j - 1];
        times[j] = t;
    }
    if (n) settle = times[n - 1];
    add_change((pin_change_t){start, id, start, input, level, n == 0});
    for (i = 0; i < n; i++) {
        /* odd bounces lift the contact, even ones touch again; the last one settles */
        uint8_t at_level = (uint8_t)(i % 2 == 0 ? !level : level);
        add_change((pin_change_t){times[i], id, start, input, at_level, i == n - 1});
    }
    return settle;
}

/* ----------------------------------------------------------------------------------------- */
/* The harness's own schedule: pin changes, UART bytes either way. */

static avr_cycle_count_t harness_timer(avr_t *a, avr_cycle_count_t when, void *param) {
    (void)param;
    (void)when;
    while (n_changes && changes[0].cycle <= a->cycle) {
        pin_change_t change = changes[0];
        memmove(changes, changes + 1, (n_changes - 1) * sizeof changes[0]);
        n_changes--;
        drive_contact(change.input, change.level);
        if (change.settle) {
            say("edge %u %u %u %llu %llu %llu", change.press_id, change.input, change.level,
                (unsigned long long)sim_us(change.first_cycle),
                (unsigned long long)sim_us(a->cycle),
                (unsigned long long)cycle_mono(change.first_cycle));
        }
    }
    while (tx_count && tx_flight[tx_first].cycle <= a->cycle) {
        uint8_t byte = tx_flight[tx_first].byte;
        tx_first = (tx_first + 1) % MAX_TX_IN_FLIGHT;
        tx_count--;
        tap(tap_tx, &tap_tx_len, byte);
        to_host(&byte, 1);
    }
    if (rx_count && rx_next_cycle <= a->cycle) {
        uint8_t byte = rx_queue[rx_first];
        rx_first = (rx_first + 1) % RX_QUEUE;
        rx_count--;
        /* the byte starts now; the UART raises its RXC one byte time later */
        rx_next_cycle = a->cycle + uart_cycles_per_byte();
        if (avr_regbit_get(a, uart->rxen)) tap(tap_rx, &tap_rx_len, byte);
        avr_raise_irq(avr_io_getirq(a, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT), byte);
    }
    schedule();
    return 0; /* schedule() registered the next wake */
}

/* ----------------------------------------------------------------------------------------- */
/* Commands. */

static void report_pins(void) {
    char line[1024];
    size_t n = 0;
    unsigned i;
    n += (size_t)snprintf(line + n, sizeof line - n, "pins in=");
    for (i = 0; i < BOARD_INPUTS; i++) {
        board_pin_t pin = INPUT_PINS[i];
        n += (size_t)snprintf(line + n, sizeof line - n, "%sP%c%u:%s", i ? "," : "",
                              PORT_NAMES[pin.port], pin.bit,
                              pullup_on(pin) ? "pullup" : "floating");
    }
    n += (size_t)snprintf(line + n, sizeof line - n, " out=");
    for (i = 0; i < BOARD_OUTPUTS; i++) {
        board_pin_t pin = OUTPUT_PINS[i];
        avr_ioport_state_t state;
        avr_ioctl(avr, AVR_IOCTL_IOPORT_GETSTATE(PORT_NAMES[pin.port]), &state);
        n += (size_t)snprintf(line + n, sizeof line - n, "%sP%c%u:%s", i ? "," : "",
                              PORT_NAMES[pin.port], pin.bit,
                              state.ddr & (1u << pin.bit) ? "output" : "input");
    }
    say("%s", line);
}

static void noise(const char *where, unsigned long count) {
    uint8_t bytes[4096];
    unsigned long done, i, chunk;
    for (done = 0; done < count; done += chunk) {
        chunk = count - done < sizeof bytes ? count - done : sizeof bytes;
        for (i = 0; i < chunk; i++) bytes[i] = (uint8_t)rng_next();
        if (strcmp(where, "host") == 0) {
            to_host(bytes, chunk);
        } else {
            to_chip(bytes, chunk);
        }
    }
    noise_bytes += count;
    say("noise %s %lu %llu", where, count, (unsigned long long)sim_us(avr->cycle));
}

static void command(char *line) {
    char verb[16], where[8];
    unsigned long id, input, hold_us, chatter_us, count;
    if (sscanf(line, "%15s", verb) != 1) return;
    if (strcmp(verb, "press") == 0 &&
        sscanf(line, "press %lu %lu %lu %lu", &id, &input, &hold_us, &chatter_us) == 4 &&
        input < BOARD_INPUTS) {
        uint64_t chatter = chatter_us * CYCLES_PER_US;
        uint64_t settled = add_phase((uint32_t)id, (uint8_t)input, 1, avr->cycle + 1, chatter);
        add_phase((uint32_t)id, (uint8_t)input, 0, settled + hold_us * CYCLES_PER_US, chatter);
        schedule();
    } else if (strcmp(verb, "reset") == 0) {
        reset_requested = 1; /* done between instructions, outside the timer being run */
    } else if (strcmp(verb, "stall") == 0 && sscanf(line, "stall %lu", &count) == 1) {
        say("stall %lu %llu", count, (unsigned long long)sim_us(avr->cycle));
        stall_until_ns = mono_ns() + (uint64_t)count * 1000000ULL;
    } else if (strcmp(verb, "noise") == 0 && sscanf(line, "noise %7s %lu", where, &count) == 2 &&
               (strcmp(where, "host") == 0 || strcmp(where, "chip") == 0)) {
        noise(where, count);
    } else if (strcmp(verb, "unplug") == 0 && sscanf(line, "unplug %lu", &count) == 1) {
        say("unplug %lu %llu", count, (unsigned long long)sim_us(avr->cycle));
        pty_close();
        replug_at_ns = mono_ns() + (uint64_t)count * 1000000ULL;
    } else if (strcmp(verb, "pins") == 0) {
        report_pins();
    } else if (strcmp(verb, "quit") == 0) {
        stop_requested = 1;
    } else {
        fprintf(stderr, "panel_sim: not a command: %s\n", line);
    }
}

static void read_commands(void) {
    ssize_t n;
    char *start, *end;
    if (stdin_fd < 0) return;
    n = read(stdin_fd, command_buf + command_len, sizeof command_buf - 1 - command_len);
    if (n == 0) {
        stop_requested = 1; /* the controller went away */
        stdin_fd = -1;
        return;
    }
    if (n < 0) return;
    command_len += (size_t)n;
    command_buf[command_len] = 0;
    start = command_buf;
    while ((end = strchr(start, '\n')) != NULL) {
        *end = 0;
        command(start);
        start = end + 1;
    }
    command_len -= (size_t)(start - command_buf);
    memmove(command_buf, start, command_len);
    if (command_len == sizeof command_buf - 1) command_len = 0; /* a line too long: dropped */
}

static void read_host(int stalled) {
    uint8_t data[4096];
    ssize_t n;
    if (master_fd < 0) return;
    n = read(master_fd, data, sizeof data);
    if (n <= 0) return;
    bytes_from_host += (uint64_t)n;
    if (stalled) {
        bytes_lost_stalled += (uint64_t)n;
    } else {
        to_chip(data, (size_t)n);
    }
}

/* Wait for the commands, the host's bytes or `deadline_ns`, whichever comes first. */
static void wait_io(uint64_t deadline_ns, int stalled) {
    struct pollfd fds[2];
    nfds_t n = 0;
    uint64_t now = mono_ns();
    struct timespec timeout = {(time_t)0, 0};
    if (deadline_ns > now) {
        timeout.tv_sec = (time_t)((deadline_ns - now) / NS_PER_S);
        timeout.tv_nsec = (long)((deadline_ns - now) % NS_PER_S);
    }
    if (stdin_fd >= 0) fds[n++] = (struct pollfd){stdin_fd, POLLIN, 0};
    if (master_fd >= 0) fds[n++] = (struct pollfd){master_fd, POLLIN, 0};
    if (ppoll(fds, n, &timeout, NULL) > 0) {
        read_commands();
        read_host(stalled);
    }
}

/* The service, every SERVICE_US of chip time: commands, the host's bytes, the pacing, a stall,
 * a replug, the tap. */
static avr_cycle_count_t service(avr_t *a, avr_cycle_count_t when, void *param) {
    uint64_t target = cycle_mono(when);
    uint64_t now = mono_ns();
    (void)a;
    (void)param;
    services++;
    if (now > target + LATE_NS) late_services++;
    if (now > target && now - target > max_lag_ns) max_lag_ns = now - target;
    read_commands();
    read_host(0);
    while (!stop_requested && (now = mono_ns()) + PACE_SLACK_NS < target) wait_io(target, 0);
    if (stall_until_ns) {
        uint64_t started = mono_ns();
        while (!stop_requested && (now = mono_ns()) < stall_until_ns) wait_io(stall_until_ns, 1);
        base_mono += mono_ns() - started; /* the chip's clock stood still meanwhile */
        stall_until_ns = 0;
    }
    if (master_fd < 0 && replug_at_ns && mono_ns() >= replug_at_ns) {
        replug_at_ns = 0;
        pty_open();
    }
    if ((tap_tx_len || tap_rx_len) &&
        (mono_ns() - tap_flushed_ns >= TAP_FLUSH_NS || tap_tx_len + tap_rx_len >= TAP_FLUSH_BYTES))
        tap_flush();
    fflush(report);
    return when + SERVICE_CYCLES;
}

/* ----------------------------------------------------------------------------------------- */
/* The chip. */

static void quiet_sleep(avr_t *a, avr_cycle_count_t how_long) {
    (void)a; /* the service timer paces the chip; simavr's own sleep would pace it twice */
    (void)how_long;
}

static void log_to_stderr(avr_t *a, const int level, const char *format, va_list args) {
    (void)a;
    if (level > LOG_WARNING) return;
    fputs("simavr: ", stderr);
    vfprintf(stderr, format, args);
}

static void on_adc_trigger(avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)value;
    (void)param;
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0 + BOARD_NOISE_ADC_CHANNEL),
                  (uint32_t)(xorshift(&pin_noise_state) % (AVCC_MV + 1u)));
}

/* simavr 1.6's reset zeroes the PIN registers but leaves each pin's last level in its IRQ,
 * which passes on changes only: the chip's pull-up then raises a level the IRQ already had, and
 * the pin keeps reading 0, as if every button were pressed at boot.  A real pin has no such
 * memory: after the reset each pin IRQ passes on the next level it is given. */
static void forget_pin_levels(void) {
    unsigned port, bit;
    for (port = 0; port < sizeof PORT_NAMES; port++) {
        for (bit = 0; bit < 8; bit++) {
            avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(PORT_NAMES[port]), (int)bit)->flags |=
                IRQ_FLAG_INIT;
        }
    }
}

static void paint_stack(void) {
    uint32_t at;
    for (at = ram_start; at <= avr->ramend; at++) avr->data[at] = STACK_PAINT;
}

static void measure_stack(void) {
    uint32_t at = ram_start;
    while (at <= avr->ramend && avr->data[at] == STACK_PAINT) at++;
    if (avr->ramend + 1u - at > stack_peak) stack_peak = avr->ramend + 1u - at;
}

static void start_timers(void) {
    avr_cycle_timer_register(avr, SERVICE_CYCLES, service, NULL);
    schedule();
}

static void do_reset(void) {
    unsigned i;
    reset_requested = 0;
    measure_stack();
    say("reset %llu", (unsigned long long)sim_us(avr->cycle));
    avr_reset(avr);
    forget_pin_levels();
    paint_stack();
    tx_count = 0; /* the byte being shifted out is cut off */
    loop_entered = 0; /* the start-up until the first turn is not a turn */
    booted = 0;
    for (i = 0; i < BOARD_OUTPUTS; i++) on_output_pin(NULL, 0, (void *)(uintptr_t)i);
    start_timers();
}

/* SLEEP is 0x9588, stored little-endian. */
static int is_sleep(avr_flashaddr_t pc) {
    return pc + 1 <= avr->flashend && avr->flash[pc] == 0x88 && avr->flash[pc + 1] == 0x95;
}

static void on_signal(int signal_number) {
    (void)signal_number;
    stop_requested = 1;
}

static void find_uart(void) {
    avr_io_t *io;
    for (io = avr->io_port; io != NULL; io = io->next) {
        if (strcmp(io->kind, "uart") == 0 && ((avr_uart_t *)io)->name == '0') {
            uart = (avr_uart_t *)io;
        }
    }
    if (uart == NULL) die("the simulated %s has no UART0", BOARD_MCU);
}

static uint32_t symbol_address(elf_firmware_t *firmware, const char *name) {
    uint32_t i;
    for (i = 0; i < firmware->symbolcount; i++) {
        if (strcmp(firmware->symbol[i]->symbol, name) == 0) return firmware->symbol[i]->addr;
    }
    die("the firmware has no symbol %s", name);
    return 0;
}

static void setup(const char *elf_path) {
    static elf_firmware_t firmware;
    uint32_t flags = 0;
    unsigned i;
    avr_global_logger_set(log_to_stderr);
    if (elf_read_firmware(elf_path, &firmware) != 0) die("cannot read %s", elf_path);
    avr = avr_make_mcu_by_name(BOARD_MCU);
    if (avr == NULL) die("simavr does not know %s", BOARD_MCU);
    avr_init(avr);
    avr->frequency = BOARD_F_CPU;
    avr->vcc = avr->avcc = avr->aref = AVCC_MV;
    avr->log = LOG_WARNING;
    avr_load_firmware(avr, &firmware);
    avr->frequency = BOARD_F_CPU; /* an ELF without an .mmcu section says 0 */
    avr->sleep = quiet_sleep;
    /* __bss_end: the first byte after .data and .bss, from where the stack's reach is painted */
    ram_start = symbol_address(&firmware, "__bss_end") & 0xFFFFu;
    loop_address = symbol_address(&firmware, "panel_loop");

    find_uart();
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags); /* no console echo, no poll sleeps */
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            on_uart_output, NULL);
    for (i = 0; i < BOARD_OUTPUTS; i++) {
        avr_irq_register_notify(pin_irq(OUTPUT_PINS[i]), on_output_pin, (void *)(uintptr_t)i);
    }
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_OUT_TRIGGER),
                            on_adc_trigger, NULL);
}

int main(int argc, char **argv) {
    const char *elf_path = NULL;
    int i, report_fd;
    uint64_t seed = 0;
    struct sigaction action;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--link") == 0 && i + 1 < argc) {
            link_path = argv[++i];
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 0);
        } else if (argv[i][0] != '-' && elf_path == NULL) {
            elf_path = argv[i];
        } else {
            die("usage: panel_sim FIRMWARE.elf [--link PATH] [--seed N]");
        }
    }
    if (elf_path == NULL) die("usage: panel_sim FIRMWARE.elf [--link PATH] [--seed N]");
    if (seed) rng_state ^= seed * 0x2545F4914F6CDD1DULL;
    if (getrandom(&pin_noise_state, sizeof pin_noise_state, 0) != sizeof pin_noise_state ||
        pin_noise_state == 0) {
        pin_noise_state = (uint64_t)mono_ns() | 1u; /* xorshift must not start at 0 */
    }

    /* Reports get the real standard output; simavr's own prints go to standard error. */
    report_fd = dup(1);
    report = fdopen(report_fd, "w");
    if (report == NULL) die("no standard output");
    dup2(2, 1);
    fcntl(stdin_fd, F_SETFL, fcntl(stdin_fd, F_GETFL) | O_NONBLOCK);
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    signal(SIGPIPE, SIG_IGN);

    setup(elf_path);
    say("board %s %lu %lu %lu %u %u %08lx", BOARD_MCU, BOARD_F_CPU, BOARD_BAUD, BOARD_DEBOUNCE_US,
        BOARD_INPUTS, BOARD_OUTPUTS, (unsigned long)BOARD_DEVICE_ID);
    pty_open();
    paint_stack();
    base_cycle = avr->cycle;
    base_mono = mono_ns();
    tap_flushed_ns = base_mono;
    start_timers();
    fflush(report);

    while (!stop_requested) {
        uint64_t before = avr->cycle;
        avr_flashaddr_t before_pc = avr->pc;
        int was_running = avr->state == cpu_Running;
        int state = avr_run(avr);
        /* The call that runs a SLEEP instruction also sleeps (simavr adds the time asleep to
         * the cycle count, and may wake the chip, in the same call): it ends a turn, at the
         * cycle it started. */
        if (was_running && is_sleep(before_pc)) {
            busy_cycles++;
            if (loop_entered && before - loop_entered > longest_turn) {
                longest_turn = before - loop_entered;
            }
        } else if (was_running) {
            busy_cycles += avr->cycle - before;
        }
        if (avr->pc == loop_address) {
            if (loop_entered && avr->cycle - loop_entered > longest_loop_gap) {
                longest_loop_gap = avr->cycle - loop_entered;
            }
            loop_entered = avr->cycle;
        }
        if (reset_requested) do_reset();
        if (state == cpu_Done || state == cpu_Crashed) {
            tap_flush();
            say("crashed %llu", (unsigned long long)sim_us(avr->cycle));
            fflush(report);
            pty_close();
            return 3;
        }
    }
    measure_stack();
    tap_flush();
    say("stats sim_us=%llu busy_permille=%llu longest_turn_us=%llu longest_loop_gap_us=%llu "
        "services=%llu late_services=%llu "
        "max_lag_us=%llu uart_baud=%llu stack_peak=%u to_host=%llu "
        "from_host=%llu lost_unplugged=%llu lost_full_pty=%llu lost_stalled=%llu noise=%llu",
        (unsigned long long)sim_us(avr->cycle),
        (unsigned long long)(avr->cycle ? busy_cycles * 1000u / avr->cycle : 0),
        (unsigned long long)sim_us(longest_turn), (unsigned long long)sim_us(longest_loop_gap),
        (unsigned long long)services,
        (unsigned long long)late_services, (unsigned long long)(max_lag_ns / 1000u),
        (unsigned long long)uart_baud(),
        stack_peak, (unsigned long long)bytes_to_host,
        (unsigned long long)bytes_from_host, (unsigned long long)bytes_lost_unplugged,
        (unsigned long long)bytes_lost_full_pty, (unsigned long long)bytes_lost_stalled,
        (unsigned long long)noise_bytes);
    fflush(report);
    pty_close();
    return 0;
}
