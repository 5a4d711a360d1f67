import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import "./chunk-QVKI7VQX.js";

// node_modules/@bomb.sh/tab/dist/index.mjs
import i2 from "node:assert";
var a = { ShellCompDirectiveError: 1, ShellCompDirectiveNoSpace: 2, ShellCompDirectiveNoFileComp: 4, ShellCompDirectiveFilterFileExt: 8, ShellCompDirectiveFilterDirs: 16, ShellCompDirectiveKeepOrder: 32, shellCompDirectiveMaxValue: 64, ShellCompDirectiveDefault: 0 };
var o = class {
  name;
  variadic;
  command;
  handler;
  constructor(e, t3, n3, r3 = false) {
    this.command = e, this.name = t3, this.handler = n3, this.variadic = r3;
  }
};
var s = class {
  value;
  description;
  command;
  handler;
  alias;
  isBoolean;
  constructor(e, t3, n3, r3, i4, a3) {
    this.command = e, this.value = t3, this.description = n3, this.handler = r3, this.alias = i4, this.isBoolean = a3;
  }
};
var c = class {
  value;
  description;
  options = /* @__PURE__ */ new Map();
  arguments = /* @__PURE__ */ new Map();
  parent;
  constructor(e, t3) {
    this.value = e, this.description = t3;
  }
  option(e, t3, n3, r3) {
    let i4, a3, o3;
    typeof n3 == `function` ? (i4 = n3, a3 = r3, o3 = false) : typeof n3 == `string` ? (i4 = void 0, a3 = n3, o3 = true) : (i4 = void 0, a3 = void 0, o3 = true);
    let c2 = new s(this, e, t3, i4, a3, o3);
    return this.options.set(e, c2), this;
  }
  argument(e, t3, n3 = false) {
    let r3 = new o(this, e, t3, n3);
    return this.arguments.set(e, r3), this;
  }
};
var l = class extends c {
  commands = /* @__PURE__ */ new Map();
  completions = [];
  directive = a.ShellCompDirectiveDefault;
  constructor() {
    super(``, ``);
  }
  command(e, t3) {
    let n3 = new c(e, t3);
    return this.commands.set(e, n3), n3;
  }
  stripOptions(e) {
    let t3 = [], n3 = 0;
    for (; n3 < e.length; ) {
      let r3 = e[n3];
      if (r3.startsWith(`-`)) {
        n3++;
        let t4 = false, i4 = this.findOption(this, r3);
        if (i4) t4 = i4.isBoolean ?? false;
        else for (let [, e2] of this.commands) {
          let n4 = this.findOption(e2, r3);
          if (n4) {
            t4 = n4.isBoolean ?? false;
            break;
          }
        }
        !t4 && n3 < e.length && !e[n3].startsWith(`-`) && n3++;
      } else t3.push(r3), n3++;
    }
    return t3;
  }
  matchCommand(e) {
    e = this.stripOptions(e);
    let t3 = [], n3 = [], r3 = null;
    for (let i4 = 0; i4 < e.length; i4++) {
      let a3 = e[i4];
      t3.push(a3);
      let o3 = this.commands.get(t3.join(` `));
      if (o3) r3 = o3;
      else {
        n3 = e.slice(i4, e.length);
        break;
      }
    }
    return [r3 || this, n3];
  }
  shouldCompleteFlags(e, t3) {
    if (t3.startsWith(`-`)) return true;
    if (e?.startsWith(`-`)) {
      let t4 = this.findOption(this, e);
      if (!t4) {
        for (let [, n3] of this.commands) if (t4 = this.findOption(n3, e), t4) break;
      }
      return !(t4 && t4.isBoolean);
    }
    return false;
  }
  shouldCompleteCommands(e) {
    return !e.startsWith(`-`);
  }
  handleFlagCompletion(e, t3, n3, r3) {
    let i4;
    if (n3.includes(`=`)) {
      let [e2] = n3.split(`=`);
      i4 = e2;
    } else if (r3?.startsWith(`-`)) {
      let t4 = this.findOption(e, r3);
      t4 && !t4.isBoolean && (i4 = r3);
    }
    if (i4) {
      let t4 = this.findOption(e, i4);
      if (t4?.handler) {
        let n4 = [];
        t4.handler.call(t4, (e2, t5) => n4.push({ value: e2, description: t5 }), e.options), this.completions = n4;
      }
      return;
    }
    if (n3.startsWith(`-`)) {
      let t4 = n3.startsWith(`-`) && !n3.startsWith(`--`), r4 = n3.replace(/^-+/, ``);
      for (let [i5, a3] of e.options) t4 && a3.alias && `-${a3.alias}`.startsWith(n3) ? this.completions.push({ value: `-${a3.alias}`, description: a3.description }) : !t4 && i5.startsWith(r4) && this.completions.push({ value: `--${i5}`, description: a3.description });
    }
  }
  findOption(e, t3) {
    let n3 = e.options.get(t3);
    if (n3 || (n3 = e.options.get(t3.replace(/^-+/, ``)), n3)) return n3;
    for (let [n4, r3] of e.options) if (r3.alias && `-${r3.alias}` === t3) return r3;
  }
  handleCommandCompletion(e, t3) {
    let n3 = this.stripOptions(e);
    for (let [e2, r3] of this.commands) {
      if (e2 === ``) continue;
      let i4 = e2.split(` `);
      i4.slice(0, n3.length).every((e3, t4) => e3 === n3[t4]) && i4[n3.length]?.startsWith(t3) && this.completions.push({ value: i4[n3.length], description: r3.description });
    }
  }
  handlePositionalCompletion(e, t3) {
    let n3 = this.stripOptions(t3), r3 = e.value.split(` `).length, i4 = Math.max(0, n3.length - r3), a3 = Array.from(e.arguments.entries());
    if (a3.length > 0) {
      let t4;
      if (i4 < a3.length) {
        let [e2, n4] = a3[i4];
        t4 = n4;
      } else {
        let e2 = a3[a3.length - 1][1];
        e2.variadic && (t4 = e2);
      }
      if (t4 && t4.handler && typeof t4.handler == `function`) {
        let n4 = [];
        t4.handler.call(t4, (e2, t5) => n4.push({ value: e2, description: t5 }), e.options), this.completions.push(...n4);
      }
    }
  }
  complete(e) {
    this.directive = a.ShellCompDirectiveNoFileComp;
    let t3 = /* @__PURE__ */ new Set();
    this.completions.filter((e2) => t3.has(e2.value) ? false : (t3.add(e2.value), true)).filter((t4) => {
      if (e.includes(`=`)) {
        let [, n3] = e.split(`=`);
        return t4.value.startsWith(n3);
      }
      return t4.value.startsWith(e);
    }).forEach((e2) => console.log(`${e2.value}	${e2.description ?? ``}`)), console.log(`:${this.directive}`);
  }
  parse(e) {
    this.completions = [];
    let t3 = e[e.length - 1] === ``;
    t3 && e.pop();
    let n3 = e[e.length - 1] || ``, r3 = e.slice(0, -1);
    t3 && (n3 !== `` && r3.push(n3), n3 = ``);
    let [i4] = this.matchCommand(r3), a3 = r3[r3.length - 1];
    this.shouldCompleteFlags(a3, n3) ? this.handleFlagCompletion(i4, r3, n3, a3) : (this.shouldCompleteCommands(n3) && this.handleCommandCompletion(r3, n3), i4 && i4.arguments.size > 0 && this.handlePositionalCompletion(i4, r3)), this.complete(n3);
  }
  setup(a3, o3, s2) {
    switch (i2(s2 === `zsh` || s2 === `bash` || s2 === `fish` || s2 === `powershell`, `Unsupported shell`), s2) {
      case `zsh`: {
        let t3 = t(a3, o3);
        console.log(t3);
        break;
      }
      case `bash`: {
        let e = n(a3, o3);
        console.log(e);
        break;
      }
      case `fish`: {
        let e = r(a3, o3);
        console.log(e);
        break;
      }
      case `powershell`: {
        let e = i(a3, o3);
        console.log(e);
        break;
      }
    }
  }
};
var u = new l();

// node_modules/@bomb.sh/tab/dist/powershell-C1q3FW2e.mjs
function t(t3, n3) {
  return `#compdef ${t3}
compdef _${t3} ${t3}

# zsh completion for ${t3} -*- shell-script -*-

__${t3}_debug() {
    local file="$BASH_COMP_DEBUG_FILE"
    if [[ -n \${file} ]]; then
        echo "$*" >> "\${file}"
    fi
}

_${t3}() {
    local shellCompDirectiveError=${a.ShellCompDirectiveError}
    local shellCompDirectiveNoSpace=${a.ShellCompDirectiveNoSpace}
    local shellCompDirectiveNoFileComp=${a.ShellCompDirectiveNoFileComp}
    local shellCompDirectiveFilterFileExt=${a.ShellCompDirectiveFilterFileExt}
    local shellCompDirectiveFilterDirs=${a.ShellCompDirectiveFilterDirs}
    local shellCompDirectiveKeepOrder=${a.ShellCompDirectiveKeepOrder}

    local lastParam lastChar flagPrefix requestComp out directive comp lastComp noSpace keepOrder
    local -a completions

    __${t3}_debug "\\n========= starting completion logic =========="
    __${t3}_debug "CURRENT: \${CURRENT}, words[*]: \${words[*]}"

    # The user could have moved the cursor backwards on the command-line.
    # We need to trigger completion from the $CURRENT location, so we need
    # to truncate the command-line ($words) up to the $CURRENT location.
    # (We cannot use $CURSOR as its value does not work when a command is an alias.)
    words=( "\${=words[1,CURRENT]}" )
    __${t3}_debug "Truncated words[*]: \${words[*]},"

    lastParam=\${words[-1]}
    lastChar=\${lastParam[-1]}
    __${t3}_debug "lastParam: \${lastParam}, lastChar: \${lastChar}"

    # For zsh, when completing a flag with an = (e.g., ${t3} -n=<TAB>)
    # completions must be prefixed with the flag
    setopt local_options BASH_REMATCH
    if [[ "\${lastParam}" =~ '-.*=' ]]; then
        # We are dealing with a flag with an =
        flagPrefix="-P \${BASH_REMATCH}"
    fi

    # Prepare the command to obtain completions, ensuring arguments are quoted for eval
    local -a args_to_quote=("\${(@)words[2,-1]}")
    if [ "\${lastChar}" = "" ] && [ "\${args_to_quote[-1]}" != "" ]; then
        # If the last parameter is complete (there is a space following it)
        # We add an extra empty parameter so we can indicate this to the go completion code.
        __${t3}_debug "Adding extra empty parameter"
        args_to_quote+=("")
    fi

    # Use Zsh's (q) flag to quote each argument safely for eval
    local quoted_args=("\${(@q)args_to_quote}")

    # Join the main command and the quoted arguments into a single string for eval
    requestComp="${n3} complete -- \${quoted_args[*]}"

    __${t3}_debug "About to call: eval \${requestComp}"

    # Use eval to handle any environment variables and such
    out=$(eval \${requestComp} 2>/dev/null)
    __${t3}_debug "completion output: \${out}"

    # Extract the directive integer following a : from the last line
    local lastLine
    while IFS='
' read -r line; do
        lastLine=\${line}
    done < <(printf "%s
" "\${out[@]}")
    __${t3}_debug "last line: \${lastLine}"

    if [ "\${lastLine[1]}" = : ]; then
        directive=\${lastLine[2,-1]}
        # Remove the directive including the : and the newline
        local suffix
        (( suffix=\${#lastLine}+2))
        out=\${out[1,-$suffix]}
    else
        # There is no directive specified.  Leave $out as is.
        __${t3}_debug "No directive found.  Setting to default"
        directive=0
    fi

    __${t3}_debug "directive: \${directive}"
    __${t3}_debug "completions: \${out}"
    __${t3}_debug "flagPrefix: \${flagPrefix}"

    if [ $((directive & shellCompDirectiveError)) -ne 0 ]; then
        __${t3}_debug "Completion received error. Ignoring completions."
        return
    fi

    local activeHelpMarker="%"
    local endIndex=\${#activeHelpMarker}
    local startIndex=$((\${#activeHelpMarker}+1))
    local hasActiveHelp=0
    while IFS='
' read -r comp; do
        # Check if this is an activeHelp statement (i.e., prefixed with $activeHelpMarker)
        if [ "\${comp[1,$endIndex]}" = "$activeHelpMarker" ];then
            __${t3}_debug "ActiveHelp found: $comp"
            comp="\${comp[$startIndex,-1]}"
            if [ -n "$comp" ]; then
                compadd -x "\${comp}"
                __${t3}_debug "ActiveHelp will need delimiter"
                hasActiveHelp=1
            fi
            continue
        fi

        if [ -n "$comp" ]; then
            # If requested, completions are returned with a description.
            # The description is preceded by a TAB character.
            # For zsh's _describe, we need to use a : instead of a TAB.
            # We first need to escape any : as part of the completion itself.
            comp=\${comp//:/\\:}

            local tab="$(printf '\\t')"
            comp=\${comp//$tab/:}

            __${t3}_debug "Adding completion: \${comp}"
            completions+=\${comp}
            lastComp=$comp
        fi
    done < <(printf "%s
" "\${out[@]}")

    # Add a delimiter after the activeHelp statements, but only if:
    # - there are completions following the activeHelp statements, or
    # - file completion will be performed (so there will be choices after the activeHelp)
    if [ $hasActiveHelp -eq 1 ]; then
        if [ \${#completions} -ne 0 ] || [ $((directive & shellCompDirectiveNoFileComp)) -eq 0 ]; then
            __${t3}_debug "Adding activeHelp delimiter"
            compadd -x "--"
            hasActiveHelp=0
        fi
    fi

    if [ $((directive & shellCompDirectiveNoSpace)) -ne 0 ]; then
        __${t3}_debug "Activating nospace."
        noSpace="-S ''"
    fi

    if [ $((directive & shellCompDirectiveKeepOrder)) -ne 0 ]; then
        __${t3}_debug "Activating keep order."
        keepOrder="-V"
    fi

    if [ $((directive & shellCompDirectiveFilterFileExt)) -ne 0 ]; then
        # File extension filtering
        local filteringCmd
        filteringCmd='_files'
        for filter in \${completions[@]}; do
            if [ \${filter[1]} != '*' ]; then
                # zsh requires a glob pattern to do file filtering
                filter="\\*.$filter"
            fi
            filteringCmd+=" -g $filter"
        done
        filteringCmd+=" \${flagPrefix}"

        __${t3}_debug "File filtering command: $filteringCmd"
        _arguments '*:filename:'"$filteringCmd"
    elif [ $((directive & shellCompDirectiveFilterDirs)) -ne 0 ]; then
        # File completion for directories only
        local subdir
        subdir="\${completions[1]}"
        if [ -n "$subdir" ]; then
            __${t3}_debug "Listing directories in $subdir"
            pushd "\${subdir}" >/dev/null 2>&1
        else
            __${t3}_debug "Listing directories in ."
        fi

        local result
        _arguments '*:dirname:_files -/'" \${flagPrefix}"
        result=$?
        if [ -n "$subdir" ]; then
            popd >/dev/null 2>&1
        fi
        return $result
    else
        __${t3}_debug "Calling _describe"
        if eval _describe $keepOrder "completions" completions -Q \${flagPrefix} \${noSpace}; then
            __${t3}_debug "_describe found some completions"

            # Return the success of having called _describe
            return 0
        else
            __${t3}_debug "_describe did not find completions."
            __${t3}_debug "Checking if we should do file completion."
            if [ $((directive & shellCompDirectiveNoFileComp)) -ne 0 ]; then
                __${t3}_debug "deactivating file completion"

                # Return 0 to indicate completion is finished and prevent zsh from
                # trying other completion algorithms (which could cause hanging).
                # We use NoFileComp directive to explicitly disable file completion.
                return 0
            else
                # Perform file completion
                __${t3}_debug "Activating file completion"

                # We must return the result of this command, so it must be the
                # last command, or else we must store its result to return it.
                _arguments '*:filename:_files'" \${flagPrefix}"
            fi
        fi
    fi
}

# don't run the completion function when being sourced or eval-ed
if [ "\${funcstack[1]}" = "_${t3}" ]; then
    _${t3}
fi
`;
}
function n(t3, n3) {
  let r3 = t3.replace(/[-:]/g, `_`);
  return `# bash completion for ${t3}

# Define shell completion directives
readonly ShellCompDirectiveError=${a.ShellCompDirectiveError}
readonly ShellCompDirectiveNoSpace=${a.ShellCompDirectiveNoSpace}
readonly ShellCompDirectiveNoFileComp=${a.ShellCompDirectiveNoFileComp}
readonly ShellCompDirectiveFilterFileExt=${a.ShellCompDirectiveFilterFileExt}
readonly ShellCompDirectiveFilterDirs=${a.ShellCompDirectiveFilterDirs}
readonly ShellCompDirectiveKeepOrder=${a.ShellCompDirectiveKeepOrder}

# Function to debug completion
__${r3}_debug() {
    if [[ -n \${BASH_COMP_DEBUG_FILE:-} ]]; then
        echo "$*" >> "\${BASH_COMP_DEBUG_FILE}"
    fi
}

# Function to handle completions
__${r3}_complete() {
    local cur prev words cword
    _get_comp_words_by_ref -n "=:" cur prev words cword

    local requestComp out directive
    
    # Build the command to get completions
    requestComp="${n3} complete -- \${words[@]:1}"
    
    # Add an empty parameter if the last parameter is complete
    if [[ -z "$cur" ]]; then
        requestComp="$requestComp ''"
    fi
    
    # Get completions from the program
    out=$(eval "$requestComp" 2>/dev/null)
    
    # Extract directive if present
    directive=0
    if [[ "$out" == *:* ]]; then
        directive=\${out##*:}
        out=\${out%:*}
    fi
    
    # Process completions based on directive
    if [[ $((directive & $ShellCompDirectiveError)) -ne 0 ]]; then
        # Error, no completion
        return
    fi
    
    # Apply directives
    if [[ $((directive & $ShellCompDirectiveNoSpace)) -ne 0 ]]; then
        compopt -o nospace
    fi
    if [[ $((directive & $ShellCompDirectiveKeepOrder)) -ne 0 ]]; then
        compopt -o nosort
    fi
    if [[ $((directive & $ShellCompDirectiveNoFileComp)) -ne 0 ]]; then
        compopt +o default
    fi
    
    # Handle file extension filtering
    if [[ $((directive & $ShellCompDirectiveFilterFileExt)) -ne 0 ]]; then
        local filter=""
        for ext in $out; do
            filter="$filter|$ext"
        done
        filter="\\.($filter)"
        compopt -o filenames
        COMPREPLY=( $(compgen -f -X "!$filter" -- "$cur") )
        return
    fi
    
    # Handle directory filtering
    if [[ $((directive & $ShellCompDirectiveFilterDirs)) -ne 0 ]]; then
        compopt -o dirnames
        COMPREPLY=( $(compgen -d -- "$cur") )
        return
    fi
    
    # Process completions
    local IFS=$'\\n'
    local tab=$(printf '\\t')
    
    # Parse completions with descriptions
    local completions=()
    while read -r comp; do
        if [[ "$comp" == *$tab* ]]; then
            # Split completion and description
            local value=\${comp%%$tab*}
            local desc=\${comp#*$tab}
            completions+=("$value")
        else
            completions+=("$comp")
        fi
    done <<< "$out"
    
    # Return completions
    COMPREPLY=( $(compgen -W "\${completions[*]}" -- "$cur") )
}

# Register completion function
complete -F __${r3}_complete ${t3}
`;
}
function r(t3, n3) {
  let r3 = t3.replace(/[-:]/g, `_`), i4 = a.ShellCompDirectiveError, a3 = a.ShellCompDirectiveNoSpace, o3 = a.ShellCompDirectiveNoFileComp, s2 = a.ShellCompDirectiveFilterFileExt, c2 = a.ShellCompDirectiveFilterDirs;
  return `# fish completion for ${t3} -*- shell-script -*-

function __${r3}_debug
    set -l file "$BASH_COMP_DEBUG_FILE"
    if test -n "$file"
        echo "$argv" >> $file
    end
end

function __${r3}_perform_completion
    __${r3}_debug "Starting __${r3}_perform_completion"

    # Extract all args except the last one
    set -l args (commandline -opc)
    # Extract the token currently being completed (may be empty on a trailing space)
    set -l lastArg (commandline -ct)

    __${r3}_debug "args: $args"
    __${r3}_debug "last arg: $lastArg"

    # Pass each arg as its own token (no string join/eval, which would collapse multi-segment paths); quote "$lastArg" so an empty trailing token is still sent.
    __${r3}_debug "Calling ${n3} complete -- $args[2..-1] $lastArg"
    set -l results (${n3} complete -- $args[2..-1] "$lastArg" 2> /dev/null)

    # Some programs may output extra empty lines after the directive.
    # Let's ignore them or else it will break completion.
    # Ref: https://github.com/spf13/cobra/issues/1279
    for line in $results[-1..1]
        if test (string trim -- $line) = ""
            # Found an empty line, remove it
            set results $results[1..-2]
        else
            # Found non-empty line, we have our proper output
            break
        end
    end

    set -l comps $results[1..-2]
    set -l directiveLine $results[-1]

    # For Fish, when completing a flag with an = (e.g., <program> -n=<TAB>)
    # completions must be prefixed with the flag
    set -l flagPrefix (string match -r -- '-.*=' "$lastArg")

    __${r3}_debug "Comps: $comps"
    __${r3}_debug "DirectiveLine: $directiveLine"
    __${r3}_debug "flagPrefix: $flagPrefix"

    for comp in $comps
        printf "%s%s\\n" "$flagPrefix" "$comp"
    end

    printf "%s\\n" "$directiveLine"
end

# This function limits calls to __${r3}_perform_completion, by caching the result
function __${r3}_perform_completion_once
    __${r3}_debug "Starting __${r3}_perform_completion_once"

    if test -n "$__${r3}_perform_completion_once_result"
        __${r3}_debug "Seems like a valid result already exists, skipping __${r3}_perform_completion"
        return 0
    end

    set --global __${r3}_perform_completion_once_result (__${r3}_perform_completion)
    if test -z "$__${r3}_perform_completion_once_result"
        __${r3}_debug "No completions, probably due to a failure"
        return 1
    end

    __${r3}_debug "Performed completions and set __${r3}_perform_completion_once_result"
    return 0
end

# This function is used to clear the cached result after completions are run
function __${r3}_clear_perform_completion_once_result
    __${r3}_debug ""
    __${r3}_debug "========= clearing previously set __${r3}_perform_completion_once_result variable =========="
    set --erase __${r3}_perform_completion_once_result
    __${r3}_debug "Successfully erased the variable __${r3}_perform_completion_once_result"
end

function __${r3}_requires_order_preservation
    __${r3}_debug ""
    __${r3}_debug "========= checking if order preservation is required =========="

    __${r3}_perform_completion_once
    if test -z "$__${r3}_perform_completion_once_result"
        __${r3}_debug "Error determining if order preservation is required"
        return 1
    end

    set -l directive (string sub --start 2 $__${r3}_perform_completion_once_result[-1])
    __${r3}_debug "Directive is: $directive"

    set -l shellCompDirectiveKeepOrder ${a.ShellCompDirectiveKeepOrder}
    set -l keeporder (math (math --scale 0 $directive / $shellCompDirectiveKeepOrder) % 2)
    __${r3}_debug "Keeporder is: $keeporder"

    if test $keeporder -ne 0
        __${r3}_debug "This does require order preservation"
        return 0
    end

    __${r3}_debug "This doesn't require order preservation"
    return 1
end

# This function does two things:
# - Obtain the completions and store them in the global __${r3}_comp_results
# - Return false if file completion should be performed
function __${r3}_prepare_completions
    __${r3}_debug ""
    __${r3}_debug "========= starting completion logic =========="

    # Start fresh
    set --erase __${r3}_comp_results

    __${r3}_perform_completion_once
    __${r3}_debug "Completion results: $__${r3}_perform_completion_once_result"

    if test -z "$__${r3}_perform_completion_once_result"
        __${r3}_debug "No completion, probably due to a failure"
        # Might as well do file completion, in case it helps
        return 1
    end

    set -l directive (string sub --start 2 $__${r3}_perform_completion_once_result[-1])
    set --global __${r3}_comp_results $__${r3}_perform_completion_once_result[1..-2]

    __${r3}_debug "Completions are: $__${r3}_comp_results"
    __${r3}_debug "Directive is: $directive"

    set -l shellCompDirectiveError ${i4}
    set -l shellCompDirectiveNoSpace ${a3}
    set -l shellCompDirectiveNoFileComp ${o3}
    set -l shellCompDirectiveFilterFileExt ${s2}
    set -l shellCompDirectiveFilterDirs ${c2}

    if test -z "$directive"
        set directive 0
    end

    set -l compErr (math (math --scale 0 $directive / $shellCompDirectiveError) % 2)
    if test $compErr -eq 1
        __${r3}_debug "Received error directive: aborting."
        # Might as well do file completion, in case it helps
        return 1
    end

    set -l filefilter (math (math --scale 0 $directive / $shellCompDirectiveFilterFileExt) % 2)
    set -l dirfilter (math (math --scale 0 $directive / $shellCompDirectiveFilterDirs) % 2)
    if test $filefilter -eq 1; or test $dirfilter -eq 1
        __${r3}_debug "File extension filtering or directory filtering not supported"
        # Do full file completion instead
        return 1
    end

    set -l nospace (math (math --scale 0 $directive / $shellCompDirectiveNoSpace) % 2)
    set -l nofiles (math (math --scale 0 $directive / $shellCompDirectiveNoFileComp) % 2)

    __${r3}_debug "nospace: $nospace, nofiles: $nofiles"

    # If we want to prevent a space, or if file completion is NOT disabled,
    # we need to count the number of valid completions.
    # To do so, we will filter on prefix as the completions we have received
    # may not already be filtered so as to allow fish to match on different
    # criteria than the prefix.
    if test $nospace -ne 0; or test $nofiles -eq 0
        set -l prefix (commandline -t | string escape --style=regex)
        __${r3}_debug "prefix: $prefix"

        set -l completions (string match -r -- "^$prefix.*" $__${r3}_comp_results)
        set --global __${r3}_comp_results $completions
        __${r3}_debug "Filtered completions are: $__${r3}_comp_results"

        # Important not to quote the variable for count to work
        set -l numComps (count $__${r3}_comp_results)
        __${r3}_debug "numComps: $numComps"

        if test $numComps -eq 1; and test $nospace -ne 0
            # We must first split on \\t to get rid of the descriptions to be
            # able to check what the actual completion will be.
            # We don't need descriptions anyway since there is only a single
            # real completion which the shell will expand immediately.
            set -l split (string split --max 1 "\\t" $__${r3}_comp_results[1])

            # Fish won't add a space if the completion ends with any
            # of the following characters: @=/:.,
            set -l lastChar (string sub -s -1 -- $split)
            if not string match -r -q "[@=/:.,]" -- "$lastChar"
                # In other cases, to support the "nospace" directive we trick the shell
                # by outputting an extra, longer completion.
                __${r3}_debug "Adding second completion to perform nospace directive"
                set --global __${r3}_comp_results $split[1] $split[1].
                __${r3}_debug "Completions are now: $__${r3}_comp_results"
            end
        end

        if test $numComps -eq 0; and test $nofiles -eq 0
            # To be consistent with bash and zsh, we only trigger file
            # completion when there are no other completions
            __${r3}_debug "Requesting file completion"
            return 1
        end
    end

    return 0
end

# Since Fish completions are only loaded once the user triggers them, we trigger them ourselves
# so we can properly delete any completions provided by another script.
# Only do this if the program can be found, or else fish may print some errors; besides,
# the existing completions will only be loaded if the program can be found.
if type -q "${t3}"
    # The space after the program name is essential to trigger completion for the program
    # and not completion of the program name itself.
    # Also, we use '> /dev/null 2>&1' since '&>' is not supported in older versions of fish.
    complete --do-complete "${t3} " > /dev/null 2>&1
end

# Remove any pre-existing completions for the program since we will be handling all of them.
complete -c ${t3} -e

# This will get called after the two calls below and clear the cached result
complete -c ${t3} -n '__${r3}_clear_perform_completion_once_result'
# The call to __${r3}_prepare_completions will setup __${r3}_comp_results
# which provides the program's completion choices.
# If this doesn't require order preservation, we don't use the -k flag
complete -c ${t3} -n 'not __${r3}_requires_order_preservation && __${r3}_prepare_completions' -f -a '$__${r3}_comp_results'
# Otherwise we use the -k flag
complete -k -c ${t3} -n '__${r3}_requires_order_preservation && __${r3}_prepare_completions' -f -a '$__${r3}_comp_results'
`;
}
function i(t3, n3) {
  let r3 = t3.replace(/[-:]/g, `_`);
  return `# powershell completion for ${t3} -*- shell-script -*-

  [Console]::OutputEncoding = [System.Text.Encoding]::UTF8
    function __${t3}_debug {
        if ($env:BASH_COMP_DEBUG_FILE) {
            "$args" | Out-File -Append -FilePath "$env:BASH_COMP_DEBUG_FILE"
        }
    }

    filter __${t3}_escapeStringWithSpecialChars {
        $_ -replace '\\s|#|@|\\$|;|,|''|\\{|\\}|\\(|\\)|"|\\||<|>|&','\`$&'
    }

[scriptblock]$__${r3}CompleterBlock = {
    param(
            $WordToComplete,
            $CommandAst,
            $CursorPosition
        )

    # Get the current command line and convert into a string
    $Command = $CommandAst.CommandElements
    $Command = "$Command"

    __${t3}_debug ""
    __${t3}_debug "========= starting completion logic =========="
    __${t3}_debug "WordToComplete: $WordToComplete Command: $Command CursorPosition: $CursorPosition"

    # The user could have moved the cursor backwards on the command-line.
    # We need to trigger completion from the $CursorPosition location, so we need
    # to truncate the command-line ($Command) up to the $CursorPosition location.
    # Make sure the $Command is longer then the $CursorPosition before we truncate.
    # This happens because the $Command does not include the last space.
    if ($Command.Length -gt $CursorPosition) {
        $Command = $Command.Substring(0, $CursorPosition)
    }
    __${t3}_debug "Truncated command: $Command"

    $ShellCompDirectiveError=${a.ShellCompDirectiveError}
    $ShellCompDirectiveNoSpace=${a.ShellCompDirectiveNoSpace}
    $ShellCompDirectiveNoFileComp=${a.ShellCompDirectiveNoFileComp}
    $ShellCompDirectiveFilterFileExt=${a.ShellCompDirectiveFilterFileExt}
    $ShellCompDirectiveFilterDirs=${a.ShellCompDirectiveFilterDirs}
    $ShellCompDirectiveKeepOrder=${a.ShellCompDirectiveKeepOrder}

    # Prepare the command to request completions for the program.
    # Split the command at the first space to separate the program and arguments.
    $Program, $Arguments = $Command.Split(" ", 2)

    $QuotedArgs = ($Arguments -split ' ' | ForEach-Object { "'" + ($_ -replace "'", "''") + "'" }) -join ' '
    __${t3}_debug "QuotedArgs: $QuotedArgs"

    $RequestComp = "& ${n3} complete '--' $QuotedArgs"
    __${t3}_debug "RequestComp: $RequestComp"

    # we cannot use $WordToComplete because it
    # has the wrong values if the cursor was moved
    # so use the last argument
    if ($WordToComplete -ne "" ) {
        $WordToComplete = $Arguments.Split(" ")[-1]
    }
    __${t3}_debug "New WordToComplete: $WordToComplete"


    # Check for flag with equal sign
    $IsEqualFlag = ($WordToComplete -Like "--*=*" )
    if ( $IsEqualFlag ) {
        __${t3}_debug "Completing equal sign flag"
        # Remove the flag part
        $Flag, $WordToComplete = $WordToComplete.Split("=", 2)
    }
    $HasTrailingEmptyArg = $QuotedArgs -match "(^| )''$"
    __${t3}_debug "HasTrailingEmptyArg: $HasTrailingEmptyArg"
    
    if ( $WordToComplete -eq "" -And ( -Not $IsEqualFlag ) -And ( -Not $HasTrailingEmptyArg )) {
        # If the last parameter is complete (there is a space following it)
        # We add an extra empty parameter so we can indicate this to the go method.
        __${t3}_debug "Adding extra empty parameter"
        # PowerShell 7.2+ changed the way how the arguments are passed to executables,
        # so for pre-7.2 or when Legacy argument passing is enabled we need to use
        if ($PSVersionTable.PsVersion -lt [version]'7.2.0' -or
            ($PSVersionTable.PsVersion -lt [version]'7.3.0' -and -not [ExperimentalFeature]::IsEnabled("PSNativeCommandArgumentPassing")) -or
            (($PSVersionTable.PsVersion -ge [version]'7.3.0' -or [ExperimentalFeature]::IsEnabled("PSNativeCommandArgumentPassing")) -and
              $PSNativeCommandArgumentPassing -eq 'Legacy')) {
             $RequestComp="$RequestComp" + ' \`"\`"'
        } else {
             $RequestComp = "$RequestComp" + ' ""'
        }
    }

    __${t3}_debug "Calling $RequestComp"
    # First disable ActiveHelp which is not supported for Powershell
    $env:ActiveHelp = 0

    # call the command store the output in $out and redirect stderr and stdout to null
    # $Out is an array contains each line per element
    Invoke-Expression -OutVariable out "$RequestComp" 2>&1 | Out-Null

    # get directive from last line
    [int]$Directive = $Out[-1].TrimStart(':')
    if ($Directive -eq "") {
        # There is no directive specified
        $Directive = 0
    }
    __${t3}_debug "The completion directive is: $Directive"

    # remove directive (last element) from out
    $Out = $Out | Where-Object { $_ -ne $Out[-1] }
    __${t3}_debug "The completions are: $Out"

    if (($Directive -band $ShellCompDirectiveError) -ne 0 ) {
        # Error code.  No completion.
        __${t3}_debug "Received error from custom completion go code"
        return
    }

    $Longest = 0
    [Array]$Values = $Out | ForEach-Object {
        # Split the output in name and description
        $Name, $Description = $_.Split("\`t", 2)
        __${t3}_debug "Name: $Name Description: $Description"

        # Look for the longest completion so that we can format things nicely
        if ($Longest -lt $Name.Length) {
            $Longest = $Name.Length
        }

        # Set the description to a one space string if there is none set.
        # This is needed because the CompletionResult does not accept an empty string as argument
        if (-Not $Description) {
            $Description = " "
        }
        @{ Name = "$Name"; Description = "$Description" }
    }


    $Space = " "
    if (($Directive -band $ShellCompDirectiveNoSpace) -ne 0 ) {
        # remove the space here
        __${t3}_debug "ShellCompDirectiveNoSpace is called"
        $Space = ""
    }

    if ((($Directive -band $ShellCompDirectiveFilterFileExt) -ne 0 ) -or
       (($Directive -band $ShellCompDirectiveFilterDirs) -ne 0 ))  {
        __${t3}_debug "ShellCompDirectiveFilterFileExt ShellCompDirectiveFilterDirs are not supported"

        # return here to prevent the completion of the extensions
        return
    }

    $Values = $Values | Where-Object {
        # filter the result
        $_.Name -like "$WordToComplete*"

        # Join the flag back if we have an equal sign flag
        if ( $IsEqualFlag ) {
            __${t3}_debug "Join the equal sign flag back to the completion value"
            $_.Name = $Flag + "=" + $_.Name
        }
    }

    # we sort the values in ascending order by name if keep order isn't passed
    if (($Directive -band $ShellCompDirectiveKeepOrder) -eq 0 ) {
        $Values = $Values | Sort-Object -Property Name
    }

    if (($Directive -band $ShellCompDirectiveNoFileComp) -ne 0 ) {
        __${t3}_debug "ShellCompDirectiveNoFileComp is called"

        if ($Values.Length -eq 0) {
            # Just print an empty string here so the
            # shell does not start to complete paths.
            # We cannot use CompletionResult here because
            # it does not accept an empty string as argument.
            ""
            return
        }
    }

    # Get the current mode
    $Mode = (Get-PSReadLineKeyHandler | Where-Object { $_.Key -eq "Tab" }).Function
    __${t3}_debug "Mode: $Mode"

    $Values | ForEach-Object {

        # store temporary because switch will overwrite $_
        $comp = $_

        # PowerShell supports three different completion modes
        # - TabCompleteNext (default windows style - on each key press the next option is displayed)
        # - Complete (works like bash)
        # - MenuComplete (works like zsh)
        # You set the mode with Set-PSReadLineKeyHandler -Key Tab -Function <mode>

        # CompletionResult Arguments:
        # 1) CompletionText text to be used as the auto completion result
        # 2) ListItemText   text to be displayed in the suggestion list
        # 3) ResultType     type of completion result
        # 4) ToolTip        text for the tooltip with details about the object

        switch ($Mode) {

            # bash like
            "Complete" {

                if ($Values.Length -eq 1) {
                    __${t3}_debug "Only one completion left"

                    # insert space after value
                    [System.Management.Automation.CompletionResult]::new($($comp.Name | __${t3}_escapeStringWithSpecialChars) + $Space, "$($comp.Name)", 'ParameterValue', "$($comp.Description)")

                } else {
                    # Add the proper number of spaces to align the descriptions
                    while($comp.Name.Length -lt $Longest) {
                        $comp.Name = $comp.Name + " "
                    }

                    # Check for empty description and only add parentheses if needed
                    if ($($comp.Description) -eq " " ) {
                        $Description = ""
                    } else {
                        $Description = "  ($($comp.Description))"
                    }

                    [System.Management.Automation.CompletionResult]::new("$($comp.Name)$Description", "$($comp.Name)$Description", 'ParameterValue', "$($comp.Description)")
                }
             }

            # zsh like
            "MenuComplete" {
                # insert space after value
                # MenuComplete will automatically show the ToolTip of
                # the highlighted value at the bottom of the suggestions.
                [System.Management.Automation.CompletionResult]::new($($comp.Name | __${t3}_escapeStringWithSpecialChars) + $Space, "$($comp.Name)", 'ParameterValue', "$($comp.Description)")
            }

            # TabCompleteNext and in case we get something unknown
            Default {
                # Like MenuComplete but we don't want to add a space here because
                # the user need to press space anyway to get the completion.
                # Description will not be shown because that's not possible with TabCompleteNext
                [System.Management.Automation.CompletionResult]::new($($comp.Name | __${t3}_escapeStringWithSpecialChars), "$($comp.Name)", 'ParameterValue', "$($comp.Description)")
            }
        }

    }
}

Register-ArgumentCompleter -CommandName '${t3}' -ScriptBlock $__${r3}CompleterBlock
`;
}

// node_modules/@bomb.sh/tab/dist/commander.mjs
function t2(t3, n3) {
  let i4 = t3.name(), o3 = n3?.completionCommandName ?? `complete`, s2 = t3.createCommand(o3).description(`Generate shell completion scripts`).addArgument(t3.createArgument(`<shell>`, `Shell type for completion script`).choices([`zsh`, `bash`, `fish`, `powershell`])).action((t4) => {
    u.setup(i4, i4, t4);
  });
  s2.copyInheritedSettings(t3);
  let c2 = t3.createCommand(`complete`).description(`Generate completion suggestions`).usage(`-- [args...]`).argument(`[args...]`).action((n4) => {
    if (o3 !== `complete`) {
      let e = t3.rawArgs;
      n4.length === 1 && !e.includes(`--`) && t3.error(`error: completion requests are called like \`complete -- [args]\`.
(Did you mean \`${o3} ${n4[0]}\` to generate shell script?)`);
    }
    u.parse(n4);
  });
  return c2.copyInheritedSettings(t3), o3 === `complete` ? t3.command(`complete`).description(`Generate shell completion scripts`).argument(`[shell]`, `shell type (choices: "zsh", "bash", "fish", "powershell")`).allowExcessArguments().action((e, n4, r3) => {
    let i5 = t3.rawArgs, a3 = i5.indexOf(`complete`), o4 = i5.indexOf(`--`);
    a3 !== -1 && o4 !== -1 && o4 === a3 + 1 ? c2.parse([`--`, ...r3.args], { from: `user` }) : s2.parse(r3.args, { from: `user` });
  }) : (t3.addCommand(s2), t3.addCommand(c2, { hidden: true })), r2(t3), a2(t3), u;
}
function n2(e, t3) {
  let n3 = t3.createHelp().visibleOptions(t3);
  for (let t4 of n3) {
    let n4 = t4.short?.slice(1);
    n4 && n4[0] === `-` && (n4 = void 0);
    let r3 = t4.long?.slice(2);
    if (r3) {
      let i4 = t4.required || t4.optional, a3 = t4.argChoices ?? [], o3;
      i4 && a3.length > 0 ? o3 = (e2) => {
        for (let t5 of a3) e2(t5, ``);
      } : i4 && (o3 = () => {
      }), o3 ? e.option(r3, t4.description, o3, n4) : e.option(r3, t4.description, n4);
    }
  }
}
function r2(t3) {
  n2(u, t3), i3(u, t3);
}
function i3(e, t3) {
  for (let n3 of t3.registeredArguments) {
    let t4 = n3.argChoices;
    t4?.length ? e.argument(n3.name(), (e2) => {
      for (let n4 of t4) e2(n4, ``);
    }, n3.variadic) : e.argument(n3.name(), void 0, n3.variadic);
  }
}
function a2(t3) {
  let r3 = /* @__PURE__ */ new Map();
  o2(t3, ``, r3);
  for (let [t4, a3] of r3.entries()) {
    if (t4 === ``) continue;
    let r4 = u.command(t4, a3.description() || ``);
    n2(r4, a3), i3(r4, a3);
  }
}
function o2(e, t3, n3) {
  n3.set(t3, e);
  let r3 = e.createHelp().visibleCommands(e);
  for (let e2 of r3) o2(e2, t3 ? `${t3} ${e2.name()}` : e2.name(), n3);
}
export {
  t2 as default
};
//# sourceMappingURL=commander-WFHVK3G4.js.map
