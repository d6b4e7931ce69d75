import { widgetConfig } from '@switchboard/shared/contracts/webchat';
import { useQuery } from '@tanstack/react-query';
import { isWidgetHttpError, widgetFetch } from './widget-fetch.ts';

/** GET /webchat/{token}: the company's name, colour and greeting; an unknown token answers 404. */
export const getWidgetConfig = async (chatToken: string) =>
  widgetConfig.parse(await widgetFetch('webchat.config', { chatToken }));

export const widgetConfigQueryKey = (chatToken: string) => ['webchat', chatToken, 'config'] as const;

export const useWidgetConfig = (chatToken: string) =>
  useQuery({
    queryKey: widgetConfigQueryKey(chatToken),
    queryFn: () => getWidgetConfig(chatToken),
    staleTime: Infinity,
    // an unknown chat will not appear on a retry; a network hiccup may pass
    retry: (failures, error) => failures < 2 && !(isWidgetHttpError(error) && error.status >= 400 && error.status < 500),
  });
