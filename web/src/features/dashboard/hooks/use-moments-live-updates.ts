import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { channelOf } from '../../../lib/realtime-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { usersMomentsKey } from '../api/get-users-moments.ts';

/** A burst of events (a busy company) re-reads the panel once per this window. */
const REFRESH_MS = 1000;

/** The live panel is read again on ticket and message events (spec document 2 section 7 "Live panel"). */
export const useMomentsLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: usersMomentsKey });
    }, REFRESH_MS);
  };
  useRealtimeEvent(channelOf('ticket', companyId), refresh);
  useRealtimeEvent(channelOf('appMessage', companyId), refresh);
};
