// Package predictions keeps the numbers a learner commits to before a day's
// experiments run, and judges them once the experiments have answered.
//
// It does four things, one file each: it reads what the learner typed
// (parse.go), compares a guess with the measured figure (verdict.go), lays
// the day's predictions out as scoreboard rows (scoreboard.go) and keeps the
// learner's answers on disk so a crash or a restart loses nothing
// (store.go).
//
// # What a learner may type
//
// Parse reads one number, written the way people write numbers:
//
//   - plain digits, with or without a decimal point or an exponent:
//     20, 10.3, .5, 1e3
//   - thousands grouped with underscores or with commas, as long as the
//     commas really group thousands: 1_000, 1,000, 12,345.5 (but not 1,00)
//   - spaces around the number: " 20 "
//   - a leading ~, ≈ or "about" meaning "roughly": ~10, ≈ 10, about 10
//   - a rate or count word after the number, with or without a space:
//     10/s, 10 /s, 10 per second, 10 rps, 10 req/s, 20 requests, and the
//     prediction's own unit (labs.Prediction.Unit)
//   - a fraction, 1/120 (a slash with a number after it; 10/s is a unit)
//   - a percentage: where the unit is %, 0.83% is 0.83 and a fraction is a
//     share turned into percent (1/120 is 0.83); where the unit is empty
//     or "times", 25% is 0.25; elsewhere it is refused
//   - -0, which is zero
//
// Every accepted value is a finite number from 0 to 1,000,000,000, and a
// whole number when the prediction counts things (labs.Prediction.Count).
// Anything else is refused with an *InputError whose message says, in one
// short sentence, what was wrong and what would be accepted: nothing typed,
// words instead of digits, something other than a unit after the number,
// two numbers, a misplaced comma, a negative number, NaN or infinity, a
// value above 1,000,000,000, a division by zero, a percentage where a
// count or a rate is asked for, or a number that is not whole where a count
// is asked for.
//
// # When a guess counts as right
//
// Judge compares a guess p with the measured value a; d = |p − a|.
//
//   - spot on:      d ≤ 0.5% of |a|, or both p and a are within 1e-9 of zero
//   - close enough: d ≤ max(10% of |a|, 0.5)
//   - off:          anything else
//
// The 0.5 floor keeps small actuals fair: guessing 1 when the answer is 0.6
// is not a miss. Verdict.Words states the distance in one form for every
// row: the relative error (p − a)/a in percent with its direction, in
// percentage points where the unit is %, and in the unit where a is zero.
//
// # Against the system
//
// ScoreAgainst judges a guess against the reference's figure, never the
// learner's code's; the learner's figure is kept beside it (Row.Yours).
// Hindsight checks that no text a learner sees before a guess holds its
// answer. Both limits are compared with a slack of one part in 10⁹
// (of |a|, and at least 1e-9), so a guess that sits exactly on a limit in
// decimal (5.61 against 5.1) is not pushed out by binary rounding.
//
// # No hindsight
//
// A guess is judged as it stood when its answer was revealed
// (Answers.Reveal). The learner may change it afterwards; the scoreboard
// then shows the new number, marks it revised, and still judges the first.
//
// # On disk
//
// Each day's answers are one indented JSON file, dir/day<N>.json (Path), and
// the lab remembers the last day open in dir/lab.json. Both are written by
// renaming a finished temporary file into place, so they are always whole.
//
// A day's answers are only ever changed by Update: under a lock on
// dir/.day<N>.lock it reloads the file, applies the one change it was
// given and writes the result. Two writers at once (two commands, or a
// command and the screens) therefore both keep what they saved; none of
// them writes back a copy it held while the other saved. The file is
// refused, with nothing written, when it is read-only or when a symbolic
// link leads it out of the repository (dir's parent).
//
// A file that cannot be used is never deleted or overwritten: Load renames
// it to <name>.corrupt-<UTC yyyymmdd-hhmmss>, says so in a *CorruptError,
// and starts empty.
package predictions
