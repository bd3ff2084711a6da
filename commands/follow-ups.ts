import type { Command, InView } from './define';

/**
 * "Remind me" (issue 37 §3): a follow-up of the record in view, or of the list's focused row when no row is selected,
 * at a time typed in words ("tomorrow 9am", "in 3 days", "lundi"); and the person's own follow-ups, to move or drop.
 * Any record one may read: the server asks again (404 otherwise), and again when the time comes.
 */
export function followUpTarget(inView: InView): { entity: string; id: number } | null {
  if (!inView.entity) return null;
  const target = inView.record ?? (inView.selected === 0 ? inView.focused : undefined);
  return target ? { entity: inView.entity, id: target.id } : null;
}

export const followUpCommands: Command[] = [
  {
    id: 'record.followUp', category: 'entity', keywords: ['remind', 'remind me', 'reminder', 'follow up', 'snooze', 'later'],
    title: (t) => t('followUps.remind'),
    when: (ctx) => followUpTarget(ctx.inView()) !== null,
    whyNot: (_ctx, t) => t('followUps.noRecord'),
    run: (ctx) => {
      const target = followUpTarget(ctx.inView());
      if (target) ctx.ui.openFollowUp(target.entity, target.id);
      else ctx.ui.notice('followUps.noRecord');
    },
  },
  {
    id: 'followUps.open', category: 'settings', keywords: ['follow ups', 'reminders', 'remind me', 'snoozed', 'my reminders'],
    title: (t) => t('followUps.mine'),
    run: (ctx) => ctx.ui.openFollowUps(),
  },
];
