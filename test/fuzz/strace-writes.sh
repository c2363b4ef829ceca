#!/bin/sh
# Runs every notekeeper command under strace on a copy of the example corpus and prints every
# write-like system call (an open for writing, rename, mkdir, unlink, symlink, link) whose path
# is outside the corpus. Used for issue 15's closing note; needs strace and a built CLI
# (npm run build:cli). Usage: test/fuzz/strace-writes.sh [WORKDIR]
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
corpus=$work/corpus
cache=$work/cache
rm -rf "$corpus" "$cache" "$work"/trace.*
cp -r "$repo/examples/corpus" "$corpus"
export XDG_CACHE_HOME=$cache
bin="node $repo/dist/cli/notekeeper.js"
n=0
trace() {
  n=$((n + 1))
  strace -f -qq -e trace=openat,open,creat,rename,renameat,renameat2,mkdir,mkdirat,unlink,unlinkat,symlink,symlinkat,link,linkat \
    -o "$work/trace.$n" $bin "$@" --corpus "$corpus" --today 2026-12-01 </dev/null >/dev/null 2>&1 || true
  echo "$n: notekeeper $*" >>"$work/commands"
}
: >"$work/commands"
trace due --json
trace validate
trace validate --dry-run --json
trace replay
trace grade lang/french#tu-vous good
trace grade lang/french#tu-vous easy --date 9999-12-31
trace hygiene --json
trace hygiene --out hygiene-report.adoc
trace triage --json
trace triage add track/home.adoc Now "strace item"
trace triage promote track/home.adoc:14
trace backlinks internalise/english.adoc --json
trace schedulers --compare --json
trace schedulers --use sm2
trace schedulers --use leitner
trace fsrs optimize
printf 'good\ngood\nagain\n' >"$work/practice-input"
n=$((n + 1))
strace -f -qq -e trace=openat,open,creat,rename,renameat,renameat2,mkdir,mkdirat,unlink,unlinkat,symlink,symlinkat,link,linkat \
  -o "$work/trace.$n" $bin practice --corpus "$corpus" --today 2027-06-01 <"$work/practice-input" >/dev/null 2>&1 || true
echo "$n: notekeeper practice (3 grades piped)" >>"$work/commands"
# The same commands again on a hostile copy: links out of the corpus where a write would land.
outside=$work/outside
rm -rf "$outside" && mkdir -p "$outside/srs"
echo victim >"$outside/victim.adoc"
hostile=$work/hostile
rm -rf "$hostile" && cp -r "$repo/examples/corpus" "$hostile"
rm -f "$hostile/track/home.adoc"
ln -s "$outside/victim.adoc" "$hostile/track/home.adoc"
ln -s "$outside/victim.adoc" "$hostile/hygiene-report.adoc"
ln -s "$outside/srs" "$hostile/d"
corpus_saved=$corpus
corpus=$hostile
trace grade lang/french#tu-vous good
trace triage add track/home.adoc Now "strace item"
trace hygiene --out hygiene-report.adoc
trace hygiene --out d/x/y/r.adoc
trace schedulers --use sm2
# state.json a link out of the corpus
rm -f "$hostile/internalise/.srs/state.json"
ln -s "$outside/victim.adoc" "$hostile/internalise/.srs/state.json"
trace replay
trace grade lang/french#tu-vous good
# the whole .srs folder a link out of the corpus
rm "$hostile/internalise/.srs/state.json"
mv "$hostile/internalise/.srs" "$hostile/internalise/srs-real"
ln -s "$outside/srs" "$hostile/internalise/.srs"
trace grade lang/french#tu-vous good
trace replay
corpus=$corpus_saved
echo "outside after the hostile runs: $(ls -A "$outside" | tr '\n' ' ')/ srs: [$(ls -A "$outside/srs")] victim: $(cat "$outside/victim.adoc")"
cat "$work/commands"
echo "--- write-like calls outside $corpus (and outside the cache $cache):"
# Opens for writing (O_WRONLY, O_RDWR, O_CREAT) and every rename/mkdir/unlink/link, whatever the path.
grep -hE 'O_WRONLY|O_RDWR|O_CREAT|rename|mkdir|unlink|link\(|symlink' "$work"/trace.* |
  grep -v ' = -1 ' | grep -vF "\"$corpus/" | grep -vF "\"$hostile/" | grep -vF "\"$cache/" | grep -vE '"/dev/(null|tty|pts)' || echo "(none)"
echo "--- write-like calls inside the cache:"
grep -hE 'O_WRONLY|O_RDWR|O_CREAT|rename|mkdir|unlink' "$work"/trace.* | grep -v ' = -1 ' | grep -cF "\"$cache/" || true
echo "--- write-like calls inside the corpus, by call:"
grep -hE 'O_WRONLY|O_RDWR|O_CREAT|rename|mkdir|unlink|link\(|symlink' "$work"/trace.* | grep -v ' = -1 ' |
  grep -F "\"$corpus/" | sed -E 's/^[0-9]+ +//; s/\(.*//' | sort | uniq -c
