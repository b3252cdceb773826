// The cards of the board hold their text (``selector``: the cards). A card's box holds
// its content (its scrollWidth and scrollHeight within its client box); a text clamped
// to a few lines shows no line more (a box stretched by a taller neighbour would); a
// card's name breaks only between words (no word of it is laid over two lines).
// Returns the broken rules as sentences.
(selector) => {
  const problems = [];
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const said = (el) => (el.getAttribute('aria-label') || el.textContent).trim().replace(/\s+/g, ' ').slice(0, 40);
  for (const card of document.querySelectorAll(selector)) {
    if (!shown(card) || card.closest('[hidden], dialog:not([open])')) continue;
    if (card.scrollWidth > card.clientWidth + 1 || card.scrollHeight > card.clientHeight + 1) {
      problems.push(`the card "${said(card)}" overflows its box (${card.scrollWidth}x${card.scrollHeight}`
        + ` in ${card.clientWidth}x${card.clientHeight})`);
    }
    for (const el of card.querySelectorAll('*')) {
      if (!shown(el)) continue;
      const style = getComputedStyle(el);
      const clamp = parseInt(style.webkitLineClamp, 10);
      if (clamp > 0) {
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
        if (el.scrollHeight > el.clientHeight + 1 && el.clientHeight > clamp * line + 2) {
          problems.push(`"${said(el)}" shows more than its ${clamp} lines (${el.clientHeight}px of ${clamp} x ${line}px)`);
        }
      }
    }
    // A word of a name laid over two lines was broken inside (a hyphen may end a line).
    for (const el of card.querySelectorAll('.kot-card-name, .kf-name')) {
      if (!shown(el)) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode;
        for (const word of node.textContent.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) problems.push(`the name "${el.textContent.trim()}" breaks the word "${word[0]}"`);
        }
      }
    }
  }
  return problems;
}
