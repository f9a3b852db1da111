// A box dies with the process that started it, however that process ends (a SIGKILL runs no cleanup), with no
// moment in between where it could outlive it.
import { SANDBOX_UID } from './bwrap'

// Run after the parent-death signal is set: a parent that died before that (the process is already someone
// else's child) would never send it, so the box does not start at all.
const GUARD = '[ "$PPID" = "$1" ] || exit 125; shift; exec "$@"'

/**
 * `argv` as the sandbox's user (when `asNobody`), dying with this process. One setpriv changes the user first and
 * asks for the parent-death signal after: a change of user clears that signal, so a second setpriv for the user
 * (as boxes were started before) left bubblewrap unguarded until its own --die-with-parent took hold.
 */
export function diesWithThisProcess(argv: string[], asNobody: boolean): string[] {
  const user = asNobody ? [`--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_UID}`, '--clear-groups'] : []
  return ['setpriv', ...user, '--pdeathsig', 'KILL', '--', 'sh', '-c', GUARD, 'sh', String(process.pid), ...argv]
}
