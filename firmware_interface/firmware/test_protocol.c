/* The C codec against firmware_interface/vectors.txt, the file the Python codec is tested on. */
#include <stdlib.h>
#include <string.h>

#include "protocol.h"
#include "test_util.h"

#define MAX_BYTES 600

static const char *const TYPE_NAMES[] = {"", "hello", "heartbeat", "input_event", "ack",
                                         "set_output", "time_sync", "error"};
/* Field names by type and index: the vector file names fields, the C codec numbers them, so a
 * field out of order in protocol.c fails here. */
static const char *const FIELD_NAMES[8][PROTO_MAX_FIELDS] = {
    {0},
    {"device_id", "fw_major", "fw_minor", "fw_patch", "inputs", "outputs", "buzzer_mask"},
    {"time_us"},
    {"input", "pressed", "device_time_us"},
    {"ack_seq"},
    {"output", "mode", "on_ms", "off_ms", "repeats"},
    {"host_time_us", "device_time_us"},
    {"code", "detail"},
};
static const char *const REASONS[] = {"none", "ok", "oversize", "cobs", "short",
                                      "crc", "version", "type", "length"};

static size_t parse_hex(const char *text, uint8_t *out) {
    size_t n = 0;
    unsigned int byte;
    if (strcmp(text, "-") == 0) return 0;
    while (text[0] && text[1] && n < MAX_BYTES && sscanf(text, "%2x", &byte) == 1) {
        out[n++] = (uint8_t)byte;
        text += 2;
    }
    return n;
}

static int field_index(uint8_t type, const char *name) {
    int i;
    for (i = 0; i < proto_field_count(type); i++) {
        if (strcmp(FIELD_NAMES[type][i], name) == 0) return i;
    }
    return -1;
}

static void check_crc(char *data_hex, char *crc_hex) {
    uint8_t data[MAX_BYTES];
    size_t n = parse_hex(data_hex, data);
    unsigned long want = strtoul(crc_hex, NULL, 16);
    CHECK(proto_crc16(data, n, 0xFFFF) == want, "crc of %s", data_hex);
}

static void check_cobs(char *raw_hex, char *encoded_hex) {
    uint8_t raw[MAX_BYTES], want[MAX_BYTES], got[MAX_BYTES], back[MAX_BYTES];
    size_t raw_len = parse_hex(raw_hex, raw), want_len = parse_hex(encoded_hex, want), back_len;
    size_t got_len = proto_cobs_encode(raw, raw_len, got, sizeof got);
    CHECK(got_len == want_len && memcmp(got, want, want_len) == 0, "cobs encode %.16s", raw_hex);
    CHECK(proto_cobs_decode(want, want_len, back, sizeof back, &back_len) && back_len == raw_len &&
              memcmp(back, raw, raw_len) == 0,
          "cobs decode %.16s", encoded_hex);
}

/* Feeds the wire bytes through a reader; returns the result at the delimiter. */
static enum proto_result read_wire(const uint8_t *wire, size_t len, proto_msg_t *msg) {
    proto_reader_t reader;
    enum proto_result result = PROTO_NONE;
    size_t i;
    proto_reader_init(&reader);
    for (i = 0; i < len; i++) {
        enum proto_result r = proto_reader_push(&reader, wire[i], msg);
        if (i + 1 < len) {
            CHECK(r == PROTO_NONE, "a result before the delimiter at byte %zu", i);
        } else {
            result = r;
        }
    }
    return result;
}

static void check_frame(char *name, char *wire_hex, char *outcome) {
    uint8_t wire[MAX_BYTES], again[PROTO_MAX_WIRE];
    size_t len = parse_hex(wire_hex, wire), again_len;
    proto_msg_t msg;
    enum proto_result result = read_wire(wire, len, &msg);
    char *token;
    if (strcmp(outcome, "error") == 0) {
        token = strtok(NULL, " \t\r\n");
        CHECK(token && strcmp(REASONS[result], token) == 0, "%s: refused as %s, vector says %s",
              name, REASONS[result], token ? token : "?");
        return;
    }
    CHECK(result == PROTO_OK, "%s: refused as %s", name, REASONS[result]);
    if (result != PROTO_OK) return;
    token = strtok(NULL, " \t\r\n");
    CHECK(token && strcmp(TYPE_NAMES[msg.type], token) == 0, "%s: type", name);
    token = strtok(NULL, " \t\r\n");
    CHECK(token && msg.seq == strtoul(token, NULL, 10), "%s: seq", name);
    token = strtok(NULL, " \t\r\n");
    CHECK(token && msg.boot_id == strtoul(token, NULL, 10), "%s: boot id", name);
    {
        int seen = 0;
        while ((token = strtok(NULL, " \t\r\n")) != NULL) {
            char *eq = strchr(token, '=');
            int index;
            CHECK(eq != NULL, "%s: field %s", name, token);
            if (eq == NULL) continue;
            *eq = '\0';
            index = field_index(msg.type, token);
            CHECK(index >= 0, "%s: no field %s in C", name, token);
            if (index < 0) continue;
            CHECK(msg.f[index] == strtoull(eq + 1, NULL, 10), "%s: %s", name, token);
            seen++;
        }
        CHECK(seen == proto_field_count(msg.type), "%s: %d fields in the vector", name, seen);
    }
    again_len = proto_encode(&msg, again, sizeof again);
    CHECK(again_len == len && memcmp(again, wire, len) == 0, "%s: re-encoding differs", name);
}

int test_vectors(const char *path) {
    static char line[4096];
    int count = 0;
    FILE *file = fopen(path, "r");
    CHECK(file != NULL, "cannot open %s", path);
    if (file == NULL) return 0;
    while (fgets(line, sizeof line, file) != NULL) {
        char *kind = strtok(line, " \t\r\n");
        char *a, *b, *c;
        if (kind == NULL || kind[0] == '#') continue;
        a = strtok(NULL, " \t\r\n");
        b = strtok(NULL, " \t\r\n");
        CHECK(a && b, "a short line in %s", path);
        if (!a || !b) continue;
        count++;
        if (strcmp(kind, "crc") == 0) {
            check_crc(a, b);
        } else if (strcmp(kind, "cobs") == 0) {
            check_cobs(a, b);
        } else if (strcmp(kind, "frame") == 0 && (c = strtok(NULL, " \t\r\n")) != NULL) {
            check_frame(a, b, c);
        } else {
            CHECK(0, "unknown vector line %s", kind);
        }
    }
    fclose(file);
    return count;
}
