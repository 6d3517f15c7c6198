#!/bin/bash
# flame-graph.sh - --flame-graph=FILE on a real -pg program (main calls
# easy() then hard(), both work(), hard() a thousand times longer), run
# with libgmon-mpi at 1000 Hz.  Checked:
#   - the report is printed as without the option, and the SVG is written;
#   - the SVG is well-formed (xmllint or python3) and refers to nothing
#     outside itself;
#   - its root box ("all") says as many samples as --format=folded's lines
#     add up to, and hard's box is there;
#   - headless Chromium renders it (every box has a nonzero size, read
#     back with getBoundingClientRect) and the widest box directly above
#     main is hard; a click on work zooms (its callers fade, "Reset zoom"
#     appears), a click on the background zooms out;
#   - onto a directory or a symbolic link: refused with a message before
#     any output, nothing written (report/flame-svg.c's escaping of hostile
#     names is test-flame-svg.c's).
set -u
. "${top_srcdir:?}/tests/e2e-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs
cat > prog.c <<'EOF'
__attribute__((noinline)) void work(int n) { volatile int i = 0; while (i++ < n); }
__attribute__((noinline)) void easy(void) { work(1000*1000); }
__attribute__((noinline)) void hard(void) { work(1000*1000*1000); }
int main(void) { easy(); hard(); return 0; }
EOF
"${CC:-gcc}" -g -O1 -pg prog.c -o prog -L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" ||
	{ echo "ERROR: cannot build the program"; exit 99; }
BG_GMON_HZ=1000 ./prog || { echo "ERROR: the program failed"; exit 99; }
unpack_companions
[ -s gmon.out ] && [ -s gmon.out+paths ] || { echo "ERROR: no gmon.out and paths"; exit 99; }

"$GPROF_PAR" prog gmon.out > plain.txt 2> plain.err || fail "gprof-par prog gmon.out: $(cat plain.err)"
"$GPROF_PAR" --flame-graph=fg.svg prog gmon.out > report.txt 2> fg.err ||
	fail "--flame-graph failed: $(cat fg.err)"
cmp -s plain.txt report.txt || fail "--flame-graph changed the report"
[ -s fg.svg ] || fail "--flame-graph wrote no fg.svg"
[ -z "$(ls ./*.tmp* 2> /dev/null)" ] || fail "a temporary was left: $(ls ./*.tmp*)"
note "the report as without the option, and fg.svg ($(wc -c < fg.svg) bytes)"

if command -v xmllint > /dev/null; then
	xmllint --noout fg.svg 2> xml.err || fail "fg.svg is not well-formed: $(cat xml.err)"
	note "xmllint: fg.svg is well-formed"
elif command -v python3 > /dev/null; then
	python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' fg.svg 2> xml.err ||
		fail "fg.svg is not well-formed: $(cat xml.err)"
	note "python3: fg.svg is well-formed"
fi
if grep -q 'href\|@import' fg.svg || grep -o 'url([^)]*)' fg.svg | grep -qv 'url(#' ||
	[ "$(grep -o 'https\?://[^"]*' fg.svg)" != "http://www.w3.org/2000/svg" ]; then
	fail "fg.svg refers to something outside itself"
fi

"$GPROF_PAR" --format=folded prog gmon.out > folded.txt 2> folded.err ||
	fail "--format=folded failed: $(cat folded.err)"
sum=$(awk '{ s += $NF } END { print s + 0 }' folded.txt)
[ "$sum" -gt 100 ] || fail "only $sum samples in the folded paths"
root=$(sed -n 's/.*<title>all (\([0-9]*\) samples\?, 100\.00%).*/\1/p' fg.svg)
expect_eq "$root" "$sum" "the root box's samples (the folded lines' sum)"
hard=$(awk '$1 ~ /^main;hard(;|$)/ { s += $NF } END { print s + 0 }' folded.txt)
grep -q "<title>hard ($hard samples" fg.svg || fail "no box 'hard ($hard samples'"
note "the root box says $root samples, as the folded output; hard has $hard"

if command -v chromium > /dev/null; then
	cat > check.html <<'HTML'
<!DOCTYPE html>
<html><body><pre id="out">not loaded</pre>
<object id="svg" type="image/svg+xml" data="fg.svg" width="1200" height="400"></object>
<script>
document.getElementById('svg').addEventListener('load', function () {
  var d = this.contentDocument, out = [], root = d && d.documentElement;
  if (!root || root.nodeName !== 'svg') {
    document.getElementById('out').textContent = 'no svg: ' + (root && root.nodeName);
    return;
  }
  function name(g) {
    var t = g.querySelector('title').textContent;
    return t.slice(0, t.lastIndexOf(' ('));
  }
  function boxes() {
    return Array.prototype.map.call(d.querySelectorAll('g.f'), function (g) {
      return { g: g, name: name(g), r: g.querySelector('rect').getBoundingClientRect() };
    });
  }
  function find(all, n) { return all.filter(function (b) { return b.name === n; })[0]; }
  var all = boxes(), empty = 0, main = find(all, 'main'), widest = null;
  all.forEach(function (b) { if (!(b.r.width > 0 && b.r.height > 0)) empty++; });
  out.push('boxes ' + all.length + ', empty ' + empty);
  if (!main) { document.getElementById('out').textContent = 'no main box'; return; }
  all.forEach(function (b) {
    if (Math.abs(b.r.bottom - main.r.top) < 2 && b.r.left >= main.r.left - 0.5 &&
        b.r.right <= main.r.right + 0.5 && (!widest || b.r.width > widest.r.width))
      widest = b;
  });
  out.push('above main: ' + (widest ? widest.name : 'nothing'));
  var work = find(all, 'work'), click = function (el) {
    el.dispatchEvent(new d.defaultView.MouseEvent('click', { bubbles: true }));
  };
  click(work.g.querySelector('rect'));
  var zoomed = boxes(), wz = find(zoomed, 'work');
  out.push('zoomed: main ' + d.defaultView.getComputedStyle(main.g).opacity + ', work ' +
    Math.round(wz.r.width) + ', reset ' + d.defaultView.getComputedStyle(d.getElementById('unzoom')).display);
  click(root);
  out.push('unzoomed: main ' + d.defaultView.getComputedStyle(main.g).opacity + ', reset ' +
    d.defaultView.getComputedStyle(d.getElementById('unzoom')).display);
  document.getElementById('out').textContent = out.join('\n');
});
</script></body></html>
HTML
	chromium --headless --no-sandbox --disable-gpu --allow-file-access-from-files \
		--virtual-time-budget=5000 --dump-dom "file://$PWD/check.html" > dom.txt 2> chromium.err
	grep -q "boxes [0-9]*, empty 0$" dom.txt ||
		fail "Chromium: not every box rendered: $(grep -A3 '<pre' dom.txt)"
	grep -q "^above main: hard$" dom.txt ||
		fail "Chromium: the widest box above main is not hard: $(grep -A3 '<pre' dom.txt)"
	grep -q "^zoomed: main 0.5, work [0-9]*, reset \(inline\|block\)$" dom.txt ||
		fail "Chromium: a click on work did not zoom: $(grep -A4 '<pre' dom.txt)"
	grep -q "^unzoomed: main 1, reset none" dom.txt ||
		fail "Chromium: a click on the background did not zoom out: $(grep -A5 '<pre' dom.txt)"
	note "Chromium: $(grep -o 'boxes [0-9]*, empty 0' dom.txt); the widest above main is hard; zoom in and out"
else
	note "no chromium: the flame graph is not rendered (scripts/lib.sh installs it)"
fi

# Onto a directory or a symbolic link: refused before any output.
mkdir taken.svg
ln -s target.svg link.svg
for out in taken.svg link.svg; do
	if "$GPROF_PAR" --flame-graph=$out prog gmon.out > refused.out 2> refused.err; then
		fail "--flame-graph=$out succeeded"
	fi
	[ -s refused.out ] && fail "--flame-graph=$out printed a report before refusing"
	grep -q "$out: is a .*not replaced" refused.err ||
		fail "--flame-graph=$out: no message: $(cat refused.err)"
	note "--flame-graph=$out: $(cat refused.err)"
done
[ -e target.svg ] && fail "--flame-graph wrote through the symbolic link"
[ -L link.svg ] || fail "the symbolic link was replaced"
[ -z "$(ls -A taken.svg)" ] || fail "something was written into the directory"
[ -z "$(ls ./*.tmp* 2> /dev/null)" ] || fail "a temporary was left: $(ls ./*.tmp*)"
note "nothing written onto a directory or through a symbolic link"
