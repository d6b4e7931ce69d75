import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazySections } from '../i18n/lazy-sections.ts';
import { useActiveAnnouncements, useAnnouncementsLiveUpdates } from '../lib/announcements-api.ts';
import { loadSections } from '../lib/i18n.ts';
import { TopBarButton } from '../components/top-bar-button.tsx';

// the panel and its texts come with the first opening, not with the inbox
const AnnouncementsPanel = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/announcements/components/announcements-panel.tsx'),
    loadSections(lazySections),
  ]);
  return { default: module.AnnouncementsPanel };
});

/** The top bar's announcements button (spec document 3): the count of active announcements, kept live by `company-announcement`. */
export function AnnouncementsButton() {
  const { t } = useTranslation();
  useAnnouncementsLiveUpdates();
  const active = useActiveAnnouncements();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const count = active.data?.length ?? 0;
  const label = t('menu.announcements');
  return (
    <>
      <TopBarButton
        icon="pi pi-megaphone"
        className="announcements-button"
        count={count || undefined}
        aria-label={count ? `${label} (${count})` : label}
        tooltip={label}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="announcements-button"
      />
      {wanted ? (
        <Suspense fallback={null}>
          <AnnouncementsPanel visible={open} onHide={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
