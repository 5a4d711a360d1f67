/**
 * The bash script of the completion library, made safe to source more than once and to use
 * without the bash-completion package: its `readonly` directive constants fail ("readonly
 * variable") the second time a shell sources the script (a re-read ~/.bashrc), and its
 * `_get_comp_words_by_ref` exists only where bash-completion is installed.
 */
export function portableBash(script: string): string {
  const values = new Map<string, string>();
  let out = script.replace(/^readonly (ShellCompDirective\w+)=(\d+)\n/gm, (_m, name: string, value: string) => {
    values.set(name, value);
    return "";
  });
  // The directives as plain numbers inside the function: nothing global is (re)defined.
  out = out.replace(/\$(ShellCompDirective\w+)/g, (m, name: string) => values.get(name) ?? m);
  out = out.replace(/^# Define shell completion directives\n/m, "");
  return out.replace(
    /^(\s*)_get_comp_words_by_ref -n "=:" cur prev words cword$/m,
    (_m, indent: string) =>
      [
        `${indent}if declare -F _get_comp_words_by_ref >/dev/null; then`,
        `${indent}    _get_comp_words_by_ref -n "=:" cur prev words cword`,
        `${indent}else`,
        `${indent}    # Without the bash-completion package: the words as bash splits them.`,
        `${indent}    words=("\${COMP_WORDS[@]}")`,
        `${indent}    cword=$COMP_CWORD`,
        `${indent}    cur="\${COMP_WORDS[COMP_CWORD]}"`,
        `${indent}    prev="\${COMP_WORDS[COMP_CWORD-1]}"`,
        `${indent}fi`,
      ].join("\n"),
  );
}
