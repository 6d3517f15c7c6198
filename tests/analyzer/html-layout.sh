#!/bin/bash
# html-layout.sh - the summary's HTML page and the load balance's SVG laid
# out by headless Chromium (issue 38): four "ranks" (no MPI) of a program
# whose stencil and a function with a 200-character name do more work on
# the higher ranks (both beyond sampling noise: " *" after their labels).
# Checked from the DOM's bounding boxes:
#   - the heat map's row labels lie within the picture, in the page and in
#     the standalone SVG (--load-balance-svg; they were cut on the left:
#     "tencil"), and each of its 4 columns has its rank under it (ranks 0
#     and 2 only were labelled);
#   - the share bar spans the width of its section (it stopped at 900 px);
#   - every name is on one line no wider than 36em, the long one cut with
#     its whole self in the title, and no table is wider than the page;
#   - each top function's details are in its row, not a second list under
#     the table; a click on the row opens them.
set -u
. "${top_srcdir:?}/tests/e2e-lib.sh"
command -v chromium >/dev/null || skip "no chromium (scripts/lib.sh installs it)"

rtlib=$top_builddir/libgmon-mpi/.libs
long=$(printf 'compute_the_boundary_flux_of_the_staggered_grid_%.0s' 1 2 3 4)
long=${long}x
[ ${#long} -ge 190 ] || fail "the long name has ${#long} characters"
cat >prog.c <<SRC
#include <stdlib.h>
#include <stdio.h>
volatile double sink;
__attribute__((noinline)) void stencil(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.5;
	sink += s;
}
__attribute__((noinline)) void $long(long n)
{
	double s = 1;

	for (long i = 0; i < n; i++)
		s = s * 1.0000001 + 1e-9;
	sink += s;
}
int main(void)
{
	const char *r = getenv("OMPI_COMM_WORLD_RANK");
	long rank = r ? atol(r) : 0;

	for (int k = 0; k < 10; k++) {
		stencil(3000000 * (rank + 1));
		$long(1500000 * (rank + 1));
	}
	printf("%g\n", sink);
	return 0;
}
SRC
"${CC:-gcc}" -pg -O1 -g prog.c -o prog -L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" 2>build.err ||
	skip "cannot build the program: $(cat build.err)"
for r in 0 1 2 3; do
	OMPI_COMM_WORLD_RANK=$r BG_GMON_RANK_SUBSET=0:3 BG_GMON_HZ=1000 ./prog >/dev/null ||
		fail "rank $r failed"
done
"$GPROF_PAR" --html=report.html --load-balance-svg=balance.svg prog gmon.out.[0-3] >/dev/null 2>html.err ||
	fail "--html --load-balance-svg: $(cat html.err)"
grep -q "stencil \*\|stencil<tspan" balance.svg || fail "stencil is not in the heat map: $(grep -c rect balance.svg) rects"

browse() { # FILE: its DOM after the scripts
	timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--allow-file-access-from-files --virtual-time-budget=5000 --window-size=1280,1600 \
		--dump-dom "file://$PWD/$1" 2>>chromium.err
}
# the checks, run in the page: one line each, "ok ..." or "bad ..."
cat >checks.js <<'JS'
function labels(svg, out, what) {
  var w = svg.viewBox.baseVal.width, n = 0, bad = 0;
  svg.querySelectorAll('#rows > text').forEach(function (t) {
    var b = t.getBBox(); n++;
    if (b.x < 0 || b.x + b.width > w) { bad++; out.push('bad ' + what + ' label cut: ' + t.textContent + ' x ' + b.x.toFixed(1)); }
  });
  out.push((n > 1 && !bad ? 'ok ' : 'bad ') + what + ' labels ' + n + ' within the picture');
  var ranks = svg.querySelectorAll('#ranks > text').length - 1, cols = svg.querySelectorAll('#rows > rect.cell').length / n;
  out.push((ranks === cols ? 'ok ' : 'bad ') + what + ' rank labels ' + ranks + ' of ' + cols + ' columns');
}
JS
cat checks.js >page.js
cat >>page.js <<'JS'
(function () {
  var out = [], svg = document.querySelector('svg#load-balance');
  try {
  if (svg) labels(svg, out, 'page heat map'); else out.push('bad no heat map in the page');
  var bar = document.querySelector('.bar'), wide = bar.parentElement.getBoundingClientRect().width;
  out.push((bar.getBoundingClientRect().width >= 0.98 * wide ? 'ok ' : 'bad ') + 'share bar ' +
           bar.getBoundingClientRect().width.toFixed(0) + ' of ' + wide.toFixed(0));
  var em = parseFloat(getComputedStyle(document.body).fontSize), names = 0, cut = 0;
  document.querySelectorAll('code.name').forEach(function (c) {
    var b = c.getBoundingClientRect(); names++;
    if (b.width > 36 * em + 1 || b.height > 2 * em) out.push('bad name box ' + b.width.toFixed(0) + 'x' + b.height.toFixed(0) + ': ' + c.textContent.slice(0, 40));
    if (c.title.length > 150 && c.title === c.textContent && c.scrollWidth > c.clientWidth) cut++;
  });
  out.push((cut > 0 ? 'ok ' : 'bad ') + 'names ' + names + ', the long one cut with its title ' + cut);
  var page = document.body.getBoundingClientRect().right;
  document.querySelectorAll('table').forEach(function (t, i) {
    if (t.getBoundingClientRect().right > page + 1) out.push('bad table ' + i + ' wider than the page');
  });
  var loose = document.querySelectorAll('details').length - document.querySelectorAll('table details').length;
  out.push((loose === 0 ? 'ok ' : 'bad ') + 'details outside the tables ' + loose);
  var row = document.querySelector('tr.fn'), d = document.getElementById(row.getAttribute('data-fn'));
  row.cells[2].click();
  out.push((d.open && row.contains(d) ? 'ok ' : 'bad ') + 'a click on the row opens its details');
  } catch (e) { out.push('bad the checks stopped: ' + e); }
  document.body.setAttribute('data-checks', out.join('|'));
})();
JS
# run_checks WHAT PAGE: PAGE's checks (its body's data-checks) all "ok"
run_checks() {
	local checks
	browse "$2" >"$2.dom" || fail "chromium failed on $2: $(tail -5 chromium.err)"
	checks=$(sed -n 's/.*data-checks="\([^"]*\)".*/\1/p' "$2.dom" | tr '|' '\n')
	[ -n "$checks" ] || fail "$1: the checks did not run: $(tail -5 chromium.err)"
	echo "$checks"
	! echo "$checks" | grep -q '^bad' || fail "$1: $(echo "$checks" | grep '^bad' | tr '\n' ';')"
}
sed 's|</body>|<script src="page.js"></script></body>|' report.html >check.html
run_checks "the page's layout" check.html

# the standalone SVG, in an <object>
{
	echo '<!DOCTYPE html><html><body><object id="o" type="image/svg+xml" data="balance.svg"></object><script>'
	cat checks.js
	echo "document.getElementById('o').addEventListener('load', function () { var out = [];"
	echo "  labels(this.contentDocument.documentElement, out, 'svg');"
	echo "  document.body.setAttribute('data-checks', out.join('|')); });</script></body></html>"
} >svg.html
run_checks "the SVG's layout" svg.html
note "the page and the heat map laid out within their boxes"
