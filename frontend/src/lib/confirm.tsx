/**
 * Confirmation before destructive actions, with the documents' words ('Are you sure?',
 * "You won't be able to revert this!", 'Yes, delete it!').
 */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export function confirmDanger(opts: { title?: string; message?: string; confirm?: string; onConfirm: () => void | Promise<void> }): void {
  modals.openConfirmModal({
    title: opts.title ?? 'Are you sure?',
    children: <Text size="sm">{opts.message ?? "You won't be able to revert this!"}</Text>,
    labels: { confirm: opts.confirm ?? 'Yes, delete it!', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => void opts.onConfirm(),
  });
}

/** The save confirmation of the profile screens (spec 000 and 001 section 5: "Save or Don't save"). */
export function confirmSave(onConfirm: () => void | Promise<void>): void {
  modals.openConfirmModal({
    title: 'Do you want to save the changes?',
    labels: { confirm: 'Save', cancel: "Don't save" },
    onConfirm: () => void onConfirm(),
  });
}
