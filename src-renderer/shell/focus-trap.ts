/**
 * Keeps Tab / Shift+Tab inside a dialog (dialogs are
 * focus-trapped; Esc is handled by each dialog's owner).
 */

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The visible focusable elements inside `root`, in tab order of the DOM. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * Keydown handler: on Tab at the last focusable element (or Shift+Tab at
 * the first, or when focus is outside `root`) moves focus to the other end
 * and prevents the default. Other keys are left alone. Never throws.
 */
export function trapTab(e: KeyboardEvent, root: HTMLElement | null | undefined): void {
  if (e.key !== 'Tab' || !root) return;
  const els = focusables(root);
  if (!els.length) {
    e.preventDefault();
    return;
  }
  const first = els[0]!;
  const last = els[els.length - 1]!;
  const active = root.ownerDocument.activeElement;
  const inside = !!active && root.contains(active);
  if (e.shiftKey && (active === first || !inside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}
