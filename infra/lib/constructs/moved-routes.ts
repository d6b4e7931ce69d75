/**
 * Routes served by another module's function than the one they were deployed with, by their route id: the id and
 * module they were deployed under. Such a route keeps that id's construct id (so its CloudFormation logical id) and
 * that stack, so a deploy changes its target in place: under a new logical id CloudFormation would create the route
 * before deleting the old one, and API Gateway refuses the second copy of its route key.
 */
export const MOVED_ROUTES: Readonly<Record<string, { id: string; module: string }>> = {
  // closing an import's tickets is the tickets module's work; the connections function served it first
  'tickets.close-imported': { id: 'connections.close-imported', module: 'connections' },
};
