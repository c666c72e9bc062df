#include "protocol.h"

/* Field sizes in bytes of each message type, in wire order; 0 ends a list. */
static const uint8_t FIELD_SIZES[8][PROTO_MAX_FIELDS + 1] = {
    {0},
    {4, 1, 1, 1, 1, 1, 1, 0}, /* hello */
    {8, 0},                   /* heartbeat */
    {1, 1, 8, 0},             /* input_event */
    {2, 0},                   /* ack */
    {1, 1, 2, 2, 1, 0},       /* set_output */
    {8, 8, 0},                /* time_sync */
    {1, 2, 0},                /* error */
};

uint16_t proto_crc16(const uint8_t *data, size_t len, uint16_t crc) {
    size_t i;
    uint8_t bit;
    for (i = 0; i < len; i++) {
        crc ^= (uint16_t)((uint16_t)data[i] << 8);
        for (bit = 0; bit < 8; bit++) {
            crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
        }
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
    while (count < PROTO_MAX_FIELDS && FIELD_SIZES[type][count] != 0) count++;
    return count;
}

static uint8_t payload_size(uint8_t type) {
    uint8_t i, size = 0;
    for (i = 0; i < proto_field_count(type); i++) size = (uint8_t)(size + FIELD_SIZES[type][i]);
    return size;
}

static void put_le(uint8_t *out, uint64_t value, uint8_t size) {
    uint8_t i;
    for (i = 0; i < size; i++) out[i] = (uint8_t)(value >> (8 * i));
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
        put_le(raw + n, msg->f[i], FIELD_SIZES[msg->type][i]);
        n += FIELD_SIZES[msg->type][i];
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
    for (i = 0, at = PROTO_HEADER_SIZE; i < count; at += FIELD_SIZES[raw[1]][i], i++) {
        out->f[i] = get_le(raw + at, FIELD_SIZES[raw[1]][i]);
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
