#!/usr/bin/env python3
"""craft-companion.py - writes a rank's companion file (PROFILE+gmon-mpi,
include/gmon-companion.h) with the sections asked for, its sizes, table and
checksum valid, so that what a test feeds gprof-par gets past the checks of
the container and reaches the reader of each section (issue 40).

    craft-companion.py OUT SECTION...

Each SECTION, in the order they are to appear:
    text:NAME=FILE      a TEXT section holding FILE's bytes
    text:NAME=          an empty TEXT section
    library:NAME=FILE   a LIBRARY section holding FILE's bytes
    sparse:NAME=LOW,HIGH,NBINS,RATE[,NPAIRS]=BIN:COUNT,...
                        a LIBRARY section built here: a gmon header, one
                        sparse histogram (LOW, HIGH in hexadecimal or
                        decimal; NPAIRS, when given, is the count written,
                        whatever the pairs that follow) and no arcs
    type:T:NAME=FILE    a section of type T (a number) holding FILE's bytes
    many:N              N TEXT sections s1 .. sN of one byte each
    copy:COMPANION      the sections of an existing companion, as they are
Numbers are native (little-endian) as gmon-mpi writes them.
"""
import struct
import sys

TEXT, LIBRARY = 1, 2
HEADER_SIZE = 48
FNV_START, FNV_PRIME = 0xcbf29ce484222325, 0x100000001b3
MASK = (1 << 64) - 1


def checksum(data):
    """FNV-1a 64 over 64-bit native words, the last one zero-padded."""
    h = FNV_START
    data = data + b"\0" * (-len(data) % 8)
    for (w,) in struct.iter_unpack("<Q", data):
        h = ((h ^ w) * FNV_PRIME) & MASK
    return h


def number(text):
    return int(text, 0)


def sparse(spec):
    shape, _, pairs = spec.partition("=")
    fields = [number(f) for f in shape.split(",")]
    low, high, nbins, rate = fields[:4]
    bins = [tuple(number(x) for x in p.split(":")) for p in pairs.split(",") if p]
    npairs = fields[4] if len(fields) > 4 else len(bins)
    data = b"gmon" + struct.pack("<I", 1) + b"\0" * 12
    data += b"S" + struct.pack("<QQII", low, high, nbins, rate) + b"seconds".ljust(15, b"\0") + b"s"
    data += struct.pack("<I", npairs)
    for b, c in bins:
        data += struct.pack("<II", b, c)
    return data


def read(path):
    with open(path, "rb") as f:
        return f.read()


def sections_of(path):
    data = read(path)
    table, n = struct.unpack_from("<QI", data, 24)
    out = []
    for i in range(n):
        kind, name_len, off, size = struct.unpack_from("<IIQQ", data, table + 24 * i)
        out.append((kind, data[off:off + name_len], data[off + name_len:off + name_len + size]))
    return out


def parse(arg):
    how, _, rest = arg.partition(":")
    if how == "many":
        return [(TEXT, b"s%d" % i, b"x") for i in range(1, number(rest) + 1)]
    if how == "copy":
        return sections_of(rest)
    if how == "type":
        kind, _, rest = rest.partition(":")
        kind = number(kind)
    else:
        kind = LIBRARY if how in ("library", "sparse") else TEXT
    name, _, value = rest.partition("=")
    if how == "sparse":
        data = sparse(value)
    elif how in ("text", "library", "type"):
        data = read(value) if value else b""
    else:
        sys.exit("craft-companion.py: unknown section kind %r" % how)
    return [(kind, name.encode("utf-8", "surrogateescape"), data)]


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    sections = [s for arg in argv[1:] for s in parse(arg)]
    body, table = b"", b""
    for kind, name, data in sections:
        table += struct.pack("<IIQQ", kind, len(name), HEADER_SIZE + len(body), len(data))
        body += name + data
    size = HEADER_SIZE + len(body) + len(table)
    header = b"gmon-mpi" + struct.pack("<IIQQII", 1, HEADER_SIZE, size, HEADER_SIZE + len(body),
                                       len(sections), 0)
    whole = header + b"\0" * 8 + body + table
    whole = header + struct.pack("<Q", checksum(whole)) + body + table
    with open(argv[0], "wb") as f:
        f.write(whole)


if __name__ == "__main__":
    main(sys.argv[1:])
