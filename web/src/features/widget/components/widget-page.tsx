import { webchatTokenParams } from '@switchboard/shared/contracts/webchat';
import { Button } from 'primereact/button';
import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useWidgetConfig } from '../api/get-widget-config.ts';
import { isWidgetHttpError } from '../api/widget-fetch.ts';
import { notifyHost } from '../utils/host-messages.ts';
import {
  browserStorage,
  initialStage,
  readVisitor,
  saveVisitor,
  stageAfterExpiry,
  type StoredVisitor,
  type WidgetStage,
} from '../utils/visitor-storage.ts';
import { readableTextOn, widgetColor } from '../utils/widget-theme.ts';
import { WidgetConversation } from './widget-conversation.tsx';
import { WidgetHeader } from './widget-header.tsx';
import { WidgetStart } from './widget-start.tsx';
import { WidgetUnavailable } from './widget-unavailable.tsx';
import './widget.css';

/** /widget/{token}: the public website chat, alone in a tab or inside the iframe that public/widget.js adds. */
export function WidgetPage() {
  const { token = '' } = useParams();
  const valid = webchatTokenParams.safeParse({ token }).success;
  return valid ? <WidgetChat chatToken={token} /> : <WidgetUnavailable />;
}

function WidgetChat({ chatToken }: { chatToken: string }) {
  const { t } = useTranslation();
  const config = useWidgetConfig(chatToken);
  const [stage, setStage] = useState<WidgetStage>(() => initialStage(readVisitor(browserStorage(), chatToken)));
  const [live, setLive] = useState<boolean | undefined>(undefined);
  const color = widgetColor(config.data?.color);

  useEffect(() => {
    if (!config.data) return;
    document.title = config.data.companyName || t('widget.title');
    notifyHost({ type: 'ready', color, onColor: readableTextOn(color) });
  }, [config.data, color, t]);

  const started = (visitor: StoredVisitor) => {
    saveVisitor(browserStorage(), chatToken, visitor);
    setStage({ stage: 'conversation', visitor });
  };
  const expired = useCallback(() => {
    setLive(undefined);
    setStage(stageAfterExpiry(browserStorage(), chatToken));
  }, [chatToken]);

  if (config.isPending) return <PageLoader fullScreen />;
  if (config.isError) {
    if (isWidgetHttpError(config.error) && config.error.status >= 400 && config.error.status < 500) return <WidgetUnavailable />;
    return (
      <div className="widget widget--status" role="alert">
        <div className="widget-status">
          <span className="widget-status__icon" aria-hidden="true">
            <i className="pi pi-wifi" />
          </span>
          <h1 className="widget-status__title">{t('widget.unreachable.title')}</h1>
          <p className="widget-status__text">{t('widget.unreachable.message')}</p>
          <Button type="button" icon="pi pi-refresh" label={t('widget.retry')} onClick={() => void config.refetch()} />
        </div>
      </div>
    );
  }

  const style = { '--widget-color': color, '--widget-on-color': readableTextOn(color) } as CSSProperties;
  return (
    <div className="widget" style={style} data-testid="widget">
      <WidgetHeader
        companyName={config.data.companyName}
        open={config.data.open}
        live={stage.stage === 'conversation' ? live : undefined}
      />
      {stage.stage === 'start' ? (
        <WidgetStart chatToken={chatToken} greeting={config.data.greeting} expired={stage.expired} onStarted={started} />
      ) : (
        <WidgetConversation
          key={stage.visitor.visitorToken}
          chatToken={chatToken}
          visitorToken={stage.visitor.visitorToken}
          visitorName={stage.visitor.name}
          greeting={config.data.greeting}
          onExpired={expired}
          onLive={setLive}
        />
      )}
    </div>
  );
}
