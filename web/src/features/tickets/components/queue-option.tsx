/** A queue in a list of choices: its colour and its name. */
export function QueueOption({ name, color }: { name: string; color: string }) {
  return (
    <span className="queue-option">
      <span className="queue-option__dot" style={{ background: color }} aria-hidden="true" />
      {name}
    </span>
  );
}
