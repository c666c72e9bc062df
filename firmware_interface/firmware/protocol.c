#include "protocol.h"

/* An AVR copies a const table into its RAM at start-up unless the table stays in flash and is
 * read from there; everywhere else flash and RAM are one address space. */
#ifdef __AVR__
#include <avr/pgmspace.h>
#define IN_FLASH PROGMEM
#define FLASH_BYTE(address) pgm_read_byte(address)
#define FLASH_WORD(address) pgm_read_word(address)
#else
#define IN_FLASH
#define FLASH_BYTE(address) (*(address))
#define FLASH_WORD(address) (*(address))
#endif

/* Field sizes in bytes of each message type, in wire order; 0 ends a list. */
static const uint8_t FIELD_SIZES[8][PROTO_MAX_FIELDS + 1] IN_FLASH = {
    {0},
    {4, 1, 1, 1, 1, 1, 1, 0}, /* hello */
    {8, 0},                   /* heartbeat */
    {1, 1, 8, 0},             /* input_event */
    {2, 0},                   /* ack */
    {1, 1, 2, 2, 1, 0},       /* set_output */
    {8, 8, 0},                /* time_sync */
    {1, 2, 0},                /* error */
};

static uint8_t field_size(uint8_t type, uint8_t i) {
    return FLASH_BYTE(&FIELD_SIZES[type][i]);
}

/* CRC-16/CCITT-FALSE a byte at a time: CRC_TABLE[i] is the CRC register after shifting the byte
 * i through it (poly 0x1021).  Eight shifts a byte kept an 8-bit CPU busy longer than the line
 * at 115200 baud took to bring the bytes (the simulated ATmega328P lost some). */
static const uint16_t CRC_TABLE[256] IN_FLASH = {
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
    0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF,
    0x1231, 0x0210, 0x3273, 0x2252, 0x52B5, 0x4294, 0x72F7, 0x62D6,
    0x9339, 0x8318, 0xB37B, 0xA35A, 0xD3BD, 0xC39C, 0xF3FF, 0xE3DE,
    0x2462, 0x3443, 0x0420, 0x1401, 0x64E6, 0x74C7, 0x44A4, 0x5485,
    0xA56A, 0xB54B, 0x8528, 0x9509, 0xE5EE, 0xF5CF, 0xC5AC, 0xD58D,
    0x3653, 0x2672, 0x1611, 0x0630, 0x76D7, 0x66F6, 0x5695, 0x46B4,
    0xB75B, 0xA77A, 0x9719, 0x8738, 0xF7DF, 0xE7FE, 0xD79D, 0xC7BC,
    0x48C4, 0x58E5, 0x6886, 0x78A7, 0x0840, 0x1861, 0x2802, 0x3823,
    0xC9CC, 0xD9ED, 0xE98E, 0xF9AF, 0x8948, 0x9969, 0xA90A, 0xB92B,
    0x5AF5, 0x4AD4, 0x7AB7, 0x6A96, 0x1A71, 0x0A50, 0x3A33, 0x2A12,
    0xDBFD, 0xCBDC, 0xFBBF, 0xEB9E, 0x9B79, 0x8B58, 0xBB3B, 0xAB1A,
    0x6CA6, 0x7C87, 0x4CE4, 0x5CC5, 0x2C22, 0x3C03, 0x0C60, 0x1C41,
    0xEDAE, 0xFD8F, 0xCDEC, 0xDDCD, 0xAD2A, 0xBD0B, 0x8D68, 0x9D49,
    0x7E97, 0x6EB6, 0x5ED5, 0x4EF4, 0x3E13, 0x2E32, 0x1E51, 0x0E70,
    0xFF9F, 0xEFBE, 0xDFDD, 0xCFFC, 0xBF1B, 0xAF3A, 0x9F59, 0x8F78,
    0x9188, 0x81A9, 0xB1CA, 0xA1EB, 0xD10C, 0xC12D, 0xF14E, 0xE16F,
    0x1080, 0x00A1, 0x30C2, 0x20E3, 0x5004, 0x4025, 0x7046, 0x6067,
    0x83B9, 0x9398, 0xA3FB, 0xB3DA, 0xC33D, 0xD31C, 0xE37F, 0xF35E,
    0x02B1, 0x1290, 0x22F3, 0x32D2, 0x4235, 0x5214, 0x6277, 0x7256,
    0xB5EA, 0xA5CB, 0x95A8, 0x8589, 0xF56E, 0xE54F, 0xD52C, 0xC50D,
    0x34E2, 0x24C3, 0x14A0, 0x0481, 0x7466, 0x6447, 0x5424, 0x4405,
    0xA7DB, 0xB7FA, 0x8799, 0x97B8, 0xE75F, 0xF77E, 0xC71D, 0xD73C,
    0x26D3, 0x36F2, 0x0691, 0x16B0, 0x6657, 0x7676, 0x4615, 0x5634,
    0xD94C, 0xC96D, 0xF90E, 0xE92F, 0x99C8, 0x89E9, 0xB98A, 0xA9AB,
    0x5844, 0x4865, 0x7806, 0x6827, 0x18C0, 0x08E1, 0x3882, 0x28A3,
    0xCB7D, 0xDB5C, 0xEB3F, 0xFB1E, 0x8BF9, 0x9BD8, 0xABBB, 0xBB9A,
    0x4A75, 0x5A54, 0x6A37, 0x7A16, 0x0AF1, 0x1AD0, 0x2AB3, 0x3A92,
    0xFD2E, 0xED0F, 0xDD6C, 0xCD4D, 0xBDAA, 0xAD8B, 0x9DE8, 0x8DC9,
    0x7C26, 0x6C07, 0x5C64, 0x4C45, 0x3CA2, 0x2C83, 0x1CE0, 0x0CC1,
    0xEF1F, 0xFF3E, 0xCF5D, 0xDF7C, 0xAF9B, 0xBFBA, 0x8FD9, 0x9FF8,
    0x6E17, 0x7E36, 0x4E55, 0x5E74, 0x2E93, 0x3EB2, 0x0ED1, 0x1EF0,
};

uint16_t proto_crc16(const uint8_t *data, size_t len, uint16_t crc) {
    size_t i;
    for (i = 0; i < len; i++) {
        crc = (uint16_t)((crc << 8) ^ FLASH_WORD(&CRC_TABLE[(uint8_t)((crc >> 8) ^ data[i])]));
    }
    return crc;
}

size_t proto_cobs_encode(const uint8_t *in, size_t len, uint8_t *out, size_t cap) {
    size_t code_at = 0, n = 1, i;
    uint8_t code = 1;
    if (cap < 1) return 0;
    for (i = 0; i < len; i++) {
        if (in[i] != 0) {
            if (n >= cap) return 0;
            out[n++] = in[i];
            code++;
        }
        if (in[i] == 0 || code == 0xFF) {
            out[code_at] = code;
            code_at = n;
            code = 1;
            if (n >= cap) return 0;
            out[n++] = 0;
        }
    }
    out[code_at] = code;
    return n;
}

int proto_cobs_decode(const uint8_t *in, size_t len, uint8_t *out, size_t cap, size_t *out_len) {
    size_t i = 0, n = 0, j;
    while (i < len) {
        uint8_t code = in[i];
        if (code == 0 || i + code > len) return 0;
        for (j = i + 1; j < i + code; j++) {
            if (in[j] == 0 || n >= cap) return 0;
            out[n++] = in[j];
        }
        i += code;
        if (code < 0xFF && i < len) {
            if (n >= cap) return 0;
            out[n++] = 0;
        }
    }
    *out_len = n;
    return 1;
}

uint8_t proto_field_count(uint8_t type) {
    uint8_t count = 0;
    if (type == 0 || type > PROTO_ERROR) return 0;
    while (count < PROTO_MAX_FIELDS && field_size(type, count) != 0) count++;
    return count;
}

static uint8_t payload_size(uint8_t type) {
    uint8_t i, size = 0;
    for (i = 0; i < proto_field_count(type); i++) size = (uint8_t)(size + field_size(type, i));
    return size;
}

/* Byte by byte, shifting by a constant: an 8-bit CPU shifts a 64-bit value by a variable
 * count one bit at a time (on an AVR that was most of a frame's encoding time). */
static void put_le(uint8_t *out, uint64_t value, uint8_t size) {
    uint8_t i;
    for (i = 0; i < size; i++) {
        out[i] = (uint8_t)value;
        value >>= 8;
    }
}

static uint64_t get_le(const uint8_t *in, uint8_t size) {
    uint64_t value = 0;
    uint8_t i;
    for (i = size; i > 0; i--) value = (value << 8) | in[i - 1];
    return value;
}

void proto_msg_init(proto_msg_t *msg, uint8_t type, uint16_t seq, uint32_t boot_id) {
    uint8_t i;
    msg->version = PROTO_VERSION;
    msg->type = type;
    msg->seq = seq;
    msg->boot_id = boot_id;
    for (i = 0; i < PROTO_MAX_FIELDS; i++) msg->f[i] = 0;
}

size_t proto_encode(const proto_msg_t *msg, uint8_t *out, size_t cap) {
    uint8_t raw[PROTO_MAX_RAW];
    size_t n = PROTO_HEADER_SIZE, encoded;
    uint8_t i, count = proto_field_count(msg->type);
    uint16_t crc;
    raw[0] = msg->version;
    raw[1] = msg->type;
    put_le(raw + 2, msg->seq, 2);
    put_le(raw + 4, msg->boot_id, 4);
    for (i = 0; i < count; i++) {
        put_le(raw + n, msg->f[i], field_size(msg->type, i));
        n += field_size(msg->type, i);
    }
    crc = proto_crc16(raw, n, 0xFFFF);
    put_le(raw + n, crc, 2);
    n += 2;
    if (cap < 1) return 0;
    encoded = proto_cobs_encode(raw, n, out, cap - 1);
    if (encoded == 0) return 0;
    out[encoded] = 0;
    return encoded + 1;
}

enum proto_result proto_decode(const uint8_t *frame, size_t len, proto_msg_t *out) {
    uint8_t raw[PROTO_MAX_ENCODED]; /* any frame that fits decodes, then is judged by length */
    size_t n, at;
    uint8_t i, count;
    if (len > PROTO_MAX_ENCODED) return PROTO_E_OVERSIZE;
    if (!proto_cobs_decode(frame, len, raw, sizeof raw, &n)) return PROTO_E_COBS;
    if (n < PROTO_HEADER_SIZE + PROTO_CRC_SIZE) return PROTO_E_SHORT;
    if (proto_crc16(raw, n - 2, 0xFFFF) != (uint16_t)get_le(raw + n - 2, 2)) return PROTO_E_CRC;
    if (raw[0] != PROTO_VERSION) return PROTO_E_VERSION;
    count = proto_field_count(raw[1]);
    if (count == 0) return PROTO_E_TYPE;
    if (n - PROTO_HEADER_SIZE - PROTO_CRC_SIZE != payload_size(raw[1])) return PROTO_E_LENGTH;
    proto_msg_init(out, raw[1], (uint16_t)get_le(raw + 2, 2), (uint32_t)get_le(raw + 4, 4));
    out->version = raw[0];
    for (i = 0, at = PROTO_HEADER_SIZE; i < count; at += field_size(raw[1], i), i++) {
        out->f[i] = get_le(raw + at, field_size(raw[1], i));
    }
    return PROTO_OK;
}

void proto_reader_init(proto_reader_t *reader) {
    reader->len = 0;
    reader->overflow = 0;
}

enum proto_result proto_reader_push(proto_reader_t *reader, uint8_t byte, proto_msg_t *out) {
    enum proto_result result;
    if (byte != 0) {
        if (reader->len < sizeof reader->buf) {
            reader->buf[reader->len++] = byte;
        } else {
            reader->overflow = 1; /* keep dropping until the next delimiter: resync */
        }
        return PROTO_NONE;
    }
    if (reader->overflow) {
        reader->overflow = 0;
        reader->len = 0;
        return PROTO_E_OVERSIZE;
    }
    if (reader->len == 0) return PROTO_NONE; /* an empty frame is a sender's resync, not an error */
    result = proto_decode(reader->buf, reader->len, out);
    reader->len = 0;
    return result;
}

int proto_seq_after(uint16_t a, uint16_t b) {
    uint16_t diff = (uint16_t)(a - b);
    return diff != 0 && diff < 0x8000u;
}
