# paths-chain.py GMON EXE OUT-GMON OUT-PATHS SAMPLES: for corpus/chain.cc
# (main -> mid(int) -> work(int, char)) built -pg -no-pie: GMON's arcs kept,
# its histogram replaced by SAMPLES in the middle of work(int, char), rate
# 100; a paths file with the one path main -> mid -> work of SAMPLES
# samples (the return addresses after each call, from objdump).  A
# construction with a known answer: known-answers.sh.
import struct, sys, subprocess

gmon, exe, out, paths, samples = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
syms = {}
for line in subprocess.run(["nm", "-S", exe], capture_output=True, text=True).stdout.splitlines():
    f = line.split()
    if len(f) == 4:
        syms[f[3]] = (int(f[0], 16), int(f[1], 16))
def after_call(caller, callee):
    # the address after caller's call to callee (a return address)
    dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", exe], capture_output=True,
                         text=True).stdout.splitlines()
    inside = False
    for i, l in enumerate(dis):
        if l.endswith("<%s>:" % caller):
            inside = True
        elif inside and not l.strip():
            break
        elif inside and "call" in l and "<%s>" % callee in l:
            return int(dis[i + 1].split(":")[0], 16)
    raise SystemExit("no call to %s in %s" % (callee, caller))
data = open(gmon, "rb").read()
o, hist, arcs = 20, None, b""
while o < len(data):
    tag = data[o]
    if tag == 0:
        low, high, nbins, rate = struct.unpack_from("<QQII", data, o + 1)
        hist = (low, high, nbins)
        o += 1 + 40 + 2 * nbins
    elif tag == 1:
        arcs += data[o:o + 21]
        o += 21
    else:
        raise SystemExit("tag %d" % tag)
low, high, nbins = hist
bins = [0] * nbins
pc = syms["_Z4workic"][0] + syms["_Z4workic"][1] // 2
bins[(pc - low) * nbins // (high - low)] = samples
rec = b"\0" + struct.pack("<QQII", low, high, nbins, 100) + b"seconds".ljust(15, b"\0") + b"s"
rec += b"".join(struct.pack("<H", b) for b in bins)
open(out, "wb").write(data[:20] + rec + arcs)
bid = subprocess.run(["sh", "-c", "readelf -n '%s' | sed -n 's/.*Build ID: //p'" % exe],
                     capture_output=True, text=True).stdout.strip() or "-"
with open(paths, "w") as f:
    f.write("# gmon-mpi paths 1\nrate\t100\nmodule\t0\t%s\t%s\n" % (bid, exe))
    f.write("path\t%d\t0:%x 0:%x 0:%x\n" % (samples, pc, after_call("_Z3midi", "_Z4workic"),
                                            after_call("main", "_Z3midi")))
