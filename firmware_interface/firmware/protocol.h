/* The panel wire protocol, device side: CRC-16, COBS framing, the message schemas and a
 * byte-at-a-time frame reader.  Mirrors firmware_interface/codec.py; both are checked against
 * firmware_interface/vectors.txt.  No heap, no stdio: fit for an 8-bit MCU with 2 KB of RAM. */
#ifndef PANEL_PROTOCOL_H
#define PANEL_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#define PROTO_VERSION 1
#define PROTO_HEADER_SIZE 8 /* version, type, seq (u16), boot id (u32) */
#define PROTO_CRC_SIZE 2
#define PROTO_MAX_PAYLOAD 16
#define PROTO_MAX_RAW (PROTO_HEADER_SIZE + PROTO_MAX_PAYLOAD + PROTO_CRC_SIZE)
#define PROTO_MAX_ENCODED (PROTO_MAX_RAW + 2)
#define PROTO_MAX_WIRE (PROTO_MAX_ENCODED + 1) /* with the 0x00 delimiter */
#define PROTO_MAX_FIELDS 7

enum proto_type {
    PROTO_HELLO = 1,
    PROTO_HEARTBEAT = 2,
    PROTO_INPUT_EVENT = 3,
    PROTO_ACK = 4,
    PROTO_SET_OUTPUT = 5,
    PROTO_TIME_SYNC = 6,
    PROTO_ERROR = 7
};

/* Field indices of each message type, in wire order (codec.py SCHEMAS). */
enum { HELLO_DEVICE_ID, HELLO_FW_MAJOR, HELLO_FW_MINOR, HELLO_FW_PATCH, HELLO_INPUTS,
       HELLO_OUTPUTS, HELLO_BUZZER_MASK };
enum { HEARTBEAT_TIME_US };
enum { INPUT_INPUT, INPUT_PRESSED, INPUT_DEVICE_TIME_US };
enum { ACK_SEQ };
enum { OUTPUT_OUTPUT, OUTPUT_MODE, OUTPUT_ON_MS, OUTPUT_OFF_MS, OUTPUT_REPEATS };
enum { SYNC_HOST_TIME_US, SYNC_DEVICE_TIME_US };
enum { ERROR_CODE, ERROR_DETAIL };

enum proto_output_mode { OUTPUT_MODE_OFF = 0, OUTPUT_MODE_ON = 1, OUTPUT_MODE_BLINK = 2 };

enum proto_error_code {
    ERR_BAD_FRAME = 1,
    ERR_UNKNOWN_TYPE = 2,
    ERR_BAD_LENGTH = 3,
    ERR_BAD_VERSION = 4,
    ERR_QUEUE_OVERFLOW = 5,
    ERR_BAD_OUTPUT = 6
};

/* What the reader made of a frame: a message, nothing yet, or why a frame was refused (the
 * same reasons, in the same order of checks, as codec.py REASONS). */
enum proto_result {
    PROTO_NONE = 0,
    PROTO_OK,
    PROTO_E_OVERSIZE,
    PROTO_E_COBS,
    PROTO_E_SHORT,
    PROTO_E_CRC,
    PROTO_E_VERSION,
    PROTO_E_TYPE,
    PROTO_E_LENGTH
};

typedef struct {
    uint8_t version;
    uint8_t type;
    uint16_t seq;
    uint32_t boot_id;
    uint64_t f[PROTO_MAX_FIELDS]; /* payload fields, by the indices above */
} proto_msg_t;

typedef struct {
    uint8_t buf[PROTO_MAX_ENCODED];
    uint8_t len;
    uint8_t overflow;
} proto_reader_t;

uint16_t proto_crc16(const uint8_t *data, size_t len, uint16_t crc);
/* COBS; both return the output length, or 0 when the output does not fit / input is bad
 * (an empty input encodes to one byte, so 0 is never a valid encoded length). */
size_t proto_cobs_encode(const uint8_t *in, size_t len, uint8_t *out, size_t cap);
int proto_cobs_decode(const uint8_t *in, size_t len, uint8_t *out, size_t cap, size_t *out_len);

/* The number of payload fields of a type, 0 for an unknown type. */
uint8_t proto_field_count(uint8_t type);
/* A message with its header set and its fields zeroed. */
void proto_msg_init(proto_msg_t *msg, uint8_t type, uint16_t seq, uint32_t boot_id);
/* The wire bytes (COBS frame and the 0x00 delimiter); 0 if cap is too small. */
size_t proto_encode(const proto_msg_t *msg, uint8_t *out, size_t cap);
/* One frame without its delimiter. */
enum proto_result proto_decode(const uint8_t *frame, size_t len, proto_msg_t *out);

void proto_reader_init(proto_reader_t *reader);
/* Feed one byte; PROTO_OK fills *out, an error names a refused frame, PROTO_NONE: go on. */
enum proto_result proto_reader_push(proto_reader_t *reader, uint8_t byte, proto_msg_t *out);

/* Serial-number order of 16-bit sequence numbers: whether a comes after b. */
int proto_seq_after(uint16_t a, uint16_t b);

#endif
