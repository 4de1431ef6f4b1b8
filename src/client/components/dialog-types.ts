/**
 * What a dialog is asked with and what the open one holds: apart from dialogs.tsx, which loads
 * dialog-box.tsx lazily, so the box reads them without importing its loader (no import circles).
 */
export type DialogIcon = 'warning' | 'success' | 'error' | 'info';

export interface DialogOptions {
  title: string;
  text?: string;
  icon?: DialogIcon;
  confirmText?: string;
  cancelText?: string;
  /** The confirm button destroys something (a task): daisyUI's error colour, not the primary. */
  isDestructive?: boolean;
}

export interface OpenDialog extends DialogOptions {
  confirmText: string;
  cancelText: string;
  showCancel: boolean;
  resolve(confirmed: boolean): void;
}
