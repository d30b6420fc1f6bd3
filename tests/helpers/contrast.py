"""Text contrast as WCAG 2 defines it, measured on a page as the browser paints it.

`page_contrasts(page)` finds every text shown (HTML text and SVG <text>), its colour (with its
opacity), then hides all text, takes a screenshot, and reads the background each text sits on as
the colour most of the pixels of its box show (or its outline, for letters drawn with a halo).
It returns one row per text with its contrast ratio, so that a test can ask for 4.5:1 (AA for
normal text) everywhere.
"""

from __future__ import annotations

import io
from typing import Any

# Every text shown: its box in page pixels, its colour (r, g, b, alpha with opacities applied)
# and a short excerpt. Text inside a scrolling box counts where the box shows it.
TEXTS = """() => {
  const out = [];
  const rgba = (css) => {
    const m = css.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const opacity = (e) => {
    let o = 1;
    for (; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const visible = (e, r) => {
    if (r.width < 1 || r.height < 1) return false;
    for (let a = e; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      if (a !== e && /auto|scroll|hidden/.test(style.overflowX + style.overflowY)) {
        const c = a.getBoundingClientRect();
        if (r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom) return false;
      }
    }
    return true;
  };
  const add = (e, colour, alpha, halo) => {
    const r = e.getBoundingClientRect();
    if (!visible(e, r)) return;
    const c = rgba(colour);
    out.push({ box: [r.left + scrollX, r.top + scrollY, r.width, r.height], colour: [c[0], c[1], c[2], c[3] * alpha],
               halo: halo ? rgba(halo).slice(0, 3) : null,
               text: e.textContent.trim().slice(0, 40), where: e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') });
  };
  for (const t of document.querySelectorAll('svg text')) {
    if (!t.textContent.trim()) continue;
    const style = getComputedStyle(t);
    if (style.fill === 'none') continue;
    // An outline painted under the letters (paint-order: stroke), 2 units or wider, is their background.
    const halo = style.stroke !== 'none' && /^stroke/.test(style.paintOrder) && parseFloat(style.strokeWidth) >= 2;
    add(t, style.fill, Number(style.fillOpacity) * opacity(t), halo ? style.stroke : null);
  }
  for (const e of document.querySelectorAll('body *:not(svg):not(svg *)')) {
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (e.closest('option, datalist, title, script, style')) continue;
    add(e, getComputedStyle(e).color, opacity(e));
  }
  return out;
}"""

HIDE_TEXT = """() => {
  const style = document.createElement('style');
  style.id = 'contrast-hide-text';
  style.textContent = '* { color: transparent !important; text-shadow: none !important; } ' +
    'svg text { fill: transparent !important; stroke: transparent !important; } ' +
    '::placeholder { color: transparent !important; }';
  document.head.appendChild(style);
}"""

SHOW_TEXT = "() => document.getElementById('contrast-hide-text').remove()"


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance of an sRGB colour (0-255 channels)."""

    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def ratio(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio of two colours, from 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """'#7d6608' or '#333' as (r, g, b)."""
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def over(colour: list[float], background: tuple[int, int, int]) -> tuple[float, float, float]:
    """A colour with alpha painted over an opaque background."""
    r, g, b, alpha = colour
    return tuple(alpha * c + (1 - alpha) * k for c, k in zip((r, g, b), background))  # type: ignore[return-value]


def page_contrasts(page: Any) -> list[dict[str, Any]]:
    """Every text shown on the page with its colour, background and contrast ratio, lowest first."""
    from PIL import Image

    texts = page.evaluate(TEXTS)
    page.evaluate(HIDE_TEXT)
    try:
        shot = Image.open(io.BytesIO(page.screenshot(full_page=True, animations="disabled"))).convert("RGB")
    finally:
        page.evaluate(SHOW_TEXT)
    rows = []
    for t in texts:
        if t["colour"][3] == 0:  # transparent: not shown
            continue
        x, y, w, h = (round(v) for v in t["box"])
        box = (max(x, 0), max(y, 0), min(x + w, shot.width), min(y + h, shot.height))
        if box[2] - box[0] < 1 or box[3] - box[1] < 1:
            continue
        crop = shot.crop(box)
        background = tuple(t["halo"]) if t["halo"] else max(crop.getcolors(crop.width * crop.height))[1]
        foreground = over(t["colour"], background)
        rows.append(dict(t, background=background, ratio=round(ratio(foreground, background), 2)))
    return sorted(rows, key=lambda r: r["ratio"])
