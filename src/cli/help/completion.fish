# Fish completion of cardsim: the `complete` lines that `cardsim docs
# completion-fish` prints (src/cli/help/docs.cpp) follow these functions in
# share/fish/vendor_completions.d/cardsim.fish.

# The data folder installed beside this file (share/fish/vendor_completions.d/
# -> share/cardsim).
set -g __cardsim_completion_dir (status dirname)

# The command the line names so far: "" for cardsim alone, "sim", "zjh deal".
function __cardsim_command
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l command
    for token in $tokens
        if contains -- $token (__cardsim_subcommands "$command")
            set command $command $token
        else
            break
        end
    end
    echo "$command"
end

# Names in folder $argv[1] of the data folder ("." for the rule sets), without
# their extension: the shipped ones and those in the data folder
# ($CARDSIM_DATA_DIR, else the one installed beside this file). Runs no cardsim.
function __cardsim_data_names
    set -l dir $CARDSIM_DATA_DIR
    test -n "$dir"; or set dir $__cardsim_completion_dir/../../cardsim
    begin
        __cardsim_shipped_names $argv[1]
        for file in $dir/$argv[1]/*.json $dir/$argv[1]/*.txt
            if test $argv[1] = .; and string match -q '*.txt' -- $file
                continue
            end
            string replace -r '\.[^.]*$' '' -- (basename $file)
        end
    end | sort -u
end

