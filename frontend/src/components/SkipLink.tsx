/**
 * "Skip to main content": the first stop of the keyboard on every page (issue 32 item 5: the
 * header and navigation took 15 tab stops before a page's own content). Hidden until focused,
 * then shown at the top left; it moves the focus to the page's main element ({@link MAIN_ID}).
 */
import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** The `id` of each frame's main element (AreaShell, PublicPage). */
export const MAIN_ID = 'main';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={classes.skip} href={`#${MAIN_ID}`}>
      {t('skipToMain')}
    </a>
  );
}
