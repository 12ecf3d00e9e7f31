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
