import { OverlayPanel } from 'primereact/overlaypanel';
import { Slider } from 'primereact/slider';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useVolume, VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from '../lib/volume.ts';
import { TopBarButton } from '../components/top-bar-button.tsx';

const iconFor = (volume: number) => (volume === 0 ? 'pi pi-volume-off' : volume < 0.5 ? 'pi pi-volume-down' : 'pi pi-volume-up');

/** Notification volume: 0 to 1 in steps of 0.1, remembered locally. */
export function VolumeControl() {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const [volume, setVolume] = useVolume();
  return (
    <>
      <TopBarButton
        icon={iconFor(volume)}
        aria-label={t('shell.volume')}
        aria-haspopup="dialog"
        tooltip={t('shell.volume')}
        data-testid="volume-button"
        onClick={(e) => panel.current?.toggle(e)}
      />
      <OverlayPanel ref={panel} className="volume-panel" aria-label={t('shell.volume')}>
        <div className="volume-panel__body">
          <span className="volume-panel__title">{t('shell.volume')}</span>
          <div className="volume-panel__control">
            <i className="pi pi-volume-off" aria-hidden="true" />
            <Slider
              value={volume}
              min={VOLUME_MIN}
              max={VOLUME_MAX}
              step={VOLUME_STEP}
              onChange={(e) => setVolume(e.value as number)}
              // PrimeReact announces the handle position in percent; screen readers get the volume itself.
              pt={{
                handle: {
                  'aria-label': t('shell.volume'),
                  'aria-valuenow': volume,
                  'aria-valuetext': `${Math.round(volume * 100)}%`,
                },
              }}
              className="volume-panel__slider"
              data-testid="volume-slider"
            />
            <i className="pi pi-volume-up" aria-hidden="true" />
          </div>
          <span className="volume-panel__value" aria-live="polite">
            {Math.round(volume * 100)}%
          </span>
        </div>
      </OverlayPanel>
    </>
  );
}
