/**
 * Confirmation before destructive actions, with the documents' words ('Are you sure?',
 * "You won't be able to revert this!", 'Yes, delete it!').
 */
import { i18n } from '../i18n';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { withModals } from './modalsHost';
import { notifyError, notifySuccess } from './notify';

export function confirmDanger(opts: { title?: string; message?: string; confirm?: string; onConfirm: () => void | Promise<void> }): void {
  withModals(() =>
    modals.openConfirmModal({
      title: opts.title ?? i18n.t('common:confirm.title'),
      children: <Text size="sm">{opts.message ?? i18n.t('common:confirm.message')}</Text>,
      labels: { confirm: opts.confirm ?? i18n.t('common:confirm.delete'), cancel: i18n.t('common:confirm.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void opts.onConfirm(),
    }),
  );
}

/**
 * A destructive action behind {@link confirmDanger}: once confirmed it runs `action`, then shows
 * the success notice (`done`: title and optional text) and calls `after` (reload the list, leave
 * the page); a failure shows 'Oops...' with the server's message and skips `after`.
 */
export function confirmThen(opts: {
  title?: string;
  message?: string;
  confirm?: string;
  action: () => Promise<unknown>;
  done: [title: string, text?: string];
  after: () => unknown;
}): void {
  confirmDanger({
    title: opts.title,
    message: opts.message,
    confirm: opts.confirm,
    onConfirm: async () => {
      try {
        await opts.action();
        notifySuccess(...opts.done);
        await opts.after();
      } catch (err) {
        notifyError('Oops...', err);
      }
    },
  });
}

/** The save confirmation of the profile screens (spec 000 and 001 section 5: "Save or Don't save"). */
export function confirmSave(onConfirm: () => void | Promise<void>): void {
  withModals(() =>
    modals.openConfirmModal({
      title: 'Do you want to save the changes?',
      labels: { confirm: 'Save', cancel: "Don't save" },
      onConfirm: () => void onConfirm(),
    }),
  );
}
