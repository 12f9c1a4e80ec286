;;; subr-doc.el --- what `documentation' says of marrow's primitives  -*- lexical-binding: t -*-

;; The documentation of the functions and special forms written in C,
;; in marrow's own words, loaded the first time `documentation' or
;; `help-function-arglist' asks about a primitive.  An entry is
;; (NAME USAGE DOC): USAGE is the argument list as Emacs shows it in the
;; "(fn ...)" line that ends a primitive's documentation, upper case,
;; with `...' after an argument that may repeat; nil where Emacs shows
;; none, as for its functions written in Lisp without one.
;;
;; A primitive added in C gets its entry here: tests/lisp/doc-tests.el
;; checks that every primitive has one, and that the entries name
;; primitives.

(defconst subr-doc--entries
  '((+ "&rest NUMBERS-OR-MARKERS"
     "The sum of NUMBERS-OR-MARKERS; 0 for none.")
    (- "&optional NUMBER-OR-MARKER &rest MORE-NUMBERS-OR-MARKERS"
     "With one argument, its negation; with more, the first minus all the others.")
    (* "&rest NUMBERS-OR-MARKERS"
     "The product of NUMBERS-OR-MARKERS; 1 for none.")
    (/ "NUMBER &rest DIVISORS"
     "NUMBER divided by each of DIVISORS in turn.  When every argument is an
integer the quotient is truncated toward zero; a float anywhere makes
the whole division a float division.")
    (% "X Y"
     "The remainder of integer X divided by integer Y, with the sign of X.")
    (mod "X Y"
     "X modulo Y: the remainder of flooring division, with the sign of Y.
X and Y may be integers or floats.")
    (1+ "NUMBER"
     "NUMBER plus one.")
    (1- "NUMBER"
     "NUMBER minus one.")
    (abs "ARG"
     "The absolute value of ARG.")
    (min "NUMBER-OR-MARKER &rest NUMBERS-OR-MARKERS"
     "The smallest of the arguments.  A float among them makes the result a float.")
    (max "NUMBER-OR-MARKER &rest NUMBERS-OR-MARKERS"
     "The largest of the arguments.  A float among them makes the result a float.")
    (truncate "ARG &optional DIVISOR"
     "ARG (divided by DIVISOR if given) as an integer, rounded toward zero.")
    (floor "ARG &optional DIVISOR"
     "The largest integer not above ARG (divided by DIVISOR if given).")
    (ceiling "ARG &optional DIVISOR"
     "The smallest integer not below ARG (divided by DIVISOR if given).")
    (round "ARG &optional DIVISOR"
     "ARG (divided by DIVISOR if given) rounded to the nearest integer;
halfway cases go to the even neighbour.")
    (ffloor "ARG"
     "The float ARG rounded down to a whole number, still a float.")
    (fceiling "ARG"
     "The float ARG rounded up to a whole number, still a float.")
    (fround "ARG"
     "The float ARG rounded to the nearest whole number, halfway to even,
still a float.")
    (ftruncate "ARG"
     "The float ARG with its fraction dropped, still a float.")
    (expt "ARG1 ARG2"
     "ARG1 raised to the power ARG2.  Integer to a non-negative integer power
is exact; anything else is computed in floating point.")
    (ash "VALUE COUNT"
     "VALUE shifted left by COUNT bits, or right (rounding down) when COUNT
is negative.")
    (lsh "VALUE COUNT"
     "VALUE shifted by COUNT bits, like `ash' except that a negative fixnum
shifted right is first treated as unsigned.")
    (logand "&rest INTS-OR-MARKERS"
     "The bitwise AND of the integer arguments; -1 for none.")
    (logior "&rest INTS-OR-MARKERS"
     "The bitwise inclusive OR of the integer arguments; 0 for none.")
    (logxor "&rest INTS-OR-MARKERS"
     "The bitwise exclusive OR of the integer arguments; 0 for none.")
    (lognot "NUMBER"
     "The bitwise complement of integer NUMBER.")
    (logcount "VALUE"
     "How many bits of VALUE are one, or zero when VALUE is negative.")
    (sqrt "ARG"
     "The square root of ARG, a float (a NaN for negative ARG).")
    (exp "ARG"
     "e raised to the power ARG.")
    (log "ARG &optional BASE"
     "The natural logarithm of ARG, or its logarithm to BASE when given.")
    (sin "ARG"
     "The sine of ARG, in radians.")
    (cos "ARG"
     "The cosine of ARG, in radians.")
    (tan "ARG"
     "The tangent of ARG, in radians.")
    (asin "ARG"
     "The arc sine of ARG, in radians.")
    (acos "ARG"
     "The arc cosine of ARG, in radians.")
    (atan "Y &optional X"
     "The arc tangent of Y, or of Y/X when X is given, using the signs of
both to choose the quadrant.")
    (float "ARG"
     "ARG as a float; a float ARG is returned as it is.")
    (random "&optional LIMIT"
     "A pseudo-random integer; with a positive LIMIT, one from 0 below LIMIT.
LIMIT t seeds the generator afresh.")
    (number-to-string "NUMBER"
     "The decimal text of NUMBER, as `prin1' writes it.")
    (string-to-number "STRING &optional BASE"
     "The number at the start of STRING, in BASE (default 10), or 0 when
there is none.  Leading whitespace is skipped; decimal text may be a float.")
    (isnan "X"
     "Non-nil when the float X is a NaN.")
    (= "NUMBER-OR-MARKER &rest NUMBERS-OR-MARKERS"
     "Non-nil when all the arguments are numerically equal.")
    (< "NUMBER-OR-MARKER &rest NUMBERS-OR-MARKERS"
     "Non-nil when each argument is less than the next.")
    (> "NUMBER-OR-MARKER &rest NUMBERS-OR-MARKERS"
     "Non-nil when each argument is greater than the next.")
    (<= "NUMBER-OR-MARKER &rest NUMBERS-OR-MARKERS"
     "Non-nil when each argument is less than or equal to the next.")
    (>= "NUMBER-OR-MARKER &rest NUMBERS-OR-MARKERS"
     "Non-nil when each argument is greater than or equal to the next.")
    (/= "NUM1 NUM2"
     "Non-nil when NUM1 and NUM2 are numerically different.")
    (cons "CAR CDR"
     "A new cons cell holding CAR and CDR.")
    (car "LIST"
     "The first element of LIST: the car of a cons, nil for nil.  Anything
else is a wrong-type-argument error; `car-safe' returns nil instead.")
    (cdr "LIST"
     "The rest of LIST after its first element: the cdr of a cons, nil for
nil.  Anything else is a wrong-type-argument error.")
    (car-safe "OBJECT"
     "The car of OBJECT when it is a cons, else nil.")
    (cdr-safe "OBJECT"
     "The cdr of OBJECT when it is a cons, else nil.")
    (setcar "CELL NEWCAR"
     "Store NEWCAR as the car of the cons CELL and return NEWCAR.")
    (setcdr "CELL NEWCDR"
     "Store NEWCDR as the cdr of the cons CELL and return NEWCDR.")
    (list "&rest OBJECTS"
     "A new list of the arguments.")
    (make-list "LENGTH INIT"
     "A new list of LENGTH elements, each INIT.")
    (append "&rest SEQUENCES"
     "A list of the elements of all the SEQUENCES.  Every argument but the
last is copied; the last becomes the tail as it is.")
    (nconc "&rest LISTS"
     "The LISTS joined by changing the last cdr of each to the next one.")
    (reverse "SEQ"
     "A new sequence with the elements of SEQ in the opposite order.")
    (nreverse "SEQ"
     "SEQ in the opposite order, reusing its storage.  Keep the value:
the original list variable then points into the middle.")
    (length "SEQUENCE"
     "The number of elements of SEQUENCE.  A dotted or circular list is an error.")
    (safe-length "LIST"
     "How many conses LIST has before its end or a cycle; never an error.")
    (proper-list-p "OBJECT"
     "The length of OBJECT when it is a proper list, else nil.")
    (nth "N LIST"
     "The element of LIST at index N, counting from zero; nil past its end.")
    (nthcdr "N LIST"
     "LIST after dropping its first N elements.")
    (last "LIST &optional N"
     "The last cons of LIST, or the last N of them.")
    (butlast "LIST &optional N"
     "A copy of LIST without its last element, or without its last N.")
    (member "ELT LIST"
     "The tail of LIST whose car is `equal' to ELT, or nil.")
    (memq "ELT LIST"
     "The tail of LIST whose car is `eq' to ELT, or nil.")
    (memql "ELT LIST"
     "The tail of LIST whose car is `eql' to ELT, or nil.")
    (assq "KEY ALIST"
     "The first element of ALIST whose car is `eq' to KEY, or nil.")
    (assoc "KEY ALIST &optional TESTFN"
     "The first element of ALIST whose car is `equal' to KEY (or satisfies
TESTFN with it), or nil.")
    (rassq "KEY ALIST"
     "The first element of ALIST whose cdr is `eq' to KEY, or nil.")
    (rassoc "KEY ALIST"
     "The first element of ALIST whose cdr is `equal' to KEY, or nil.")
    (delq "ELT LIST"
     "LIST without the elements `eq' to ELT, changed in place.  Keep the
value: a removed first element is not dropped from the variable.")
    (delete "ELT SEQ"
     "SEQ without the elements `equal' to ELT; a list is changed in place,
a vector or string is copied.")
    (remove "ELT SEQ"
     "A copy of SEQ without the elements `equal' to ELT.")
    (remq "ELT LIST"
     "LIST without the elements `eq' to ELT, copied where it must change.")
    (mapcar "FUNCTION SEQUENCE"
     "A list of the results of calling FUNCTION on each element of SEQUENCE.")
    (mapc "FUNCTION SEQUENCE"
     "Call FUNCTION on each element of SEQUENCE for its effect; return SEQUENCE.")
    (mapbacktrace "FUNCTION &optional BASE"
     "Call FUNCTION with (EVALD FUNC ARGS FLAGS) for each active call,
from the innermost call of BASE (of `mapbacktrace' if nil) outwards.
Marrow records calls once their arguments are evaluated, so EVALD is
t and FLAGS nil.  Return nil.")
    (mapcan "FUNCTION SEQUENCE"
     "The results of calling FUNCTION on each element of SEQUENCE, joined
with `nconc'.")
    (mapconcat "FUNCTION SEQUENCE SEPARATOR"
     "The results of FUNCTION on each element of SEQUENCE, strings joined
with SEPARATOR between them.")
    (sort "SEQ PREDICATE"
     "SEQ ordered by PREDICATE, a function of two elements true when the
first must come before the second.  The sort is stable; a list is
sorted in place, so keep the value.")
    (car-less-than-car "A B"
     "Whether the car of A is less than the car of B, both numbers or
markers: a predicate for `sort' on an alist keyed by numbers.")
    (copy-sequence "ARG"
     "A new sequence of the same type and elements as ARG.  The elements
themselves are not copied.")
    (elt "SEQUENCE N"
     "The element of SEQUENCE at index N.")
    (concat "&rest SEQUENCES"
     "A new string of the characters of all the SEQUENCES.")
    (substring "STRING &optional FROM TO"
     "The part of STRING (or vector) from index FROM up to TO.  A negative
index counts from the end; TO nil means the end.")
    (substring-no-properties "STRING &optional FROM TO"
     "Like `substring', without text properties.")
    (make-string "LENGTH INIT &optional MULTIBYTE"
     "A new string of LENGTH copies of the character INIT.")
    (upcase "OBJ"
     "OBJ, a string or a character, in upper case.")
    (downcase "OBJ"
     "OBJ, a string or a character, in lower case.")
    (capitalize "OBJ"
     "OBJ with the first letter of each word in upper case and the rest
in lower case.")
    (string-equal "S1 S2"
     "Non-nil when S1 and S2 have the same characters.  Symbols stand for
their names; text properties do not count.  `string=' is an alias.")
    (string-lessp "STRING1 STRING2"
     "Non-nil when STRING1 sorts before STRING2, comparing characters by
code.  Symbols stand for their names.  `string<' is an alias.")
    (string-greaterp "STRING1 STRING2"
     "Non-nil when STRING1 sorts after STRING2.  `string>' is an alias.")
    (string-to-char "STRING"
     "The first character of STRING, or 0 for an empty string.")
    (char-to-string "CHAR"
     "A one-character string of CHAR.")
    (split-string "STRING &optional SEPARATORS OMIT-NULLS TRIM"
     "The pieces of STRING between matches of the regexp SEPARATORS
    (whitespace by default).  Empty pieces are dropped when OMIT-NULLS, or
when SEPARATORS is the default; TRIM is a regexp removed from both ends
of each piece.")
    (string-join nil
     "The STRINGS joined into one, with SEPARATOR between them.")
    (string-to-list "STRING"
     "A list of the characters of STRING.")
    (string-to-vector "STRING"
     "A vector of the characters of STRING.")
    (format "STRING &rest OBJECTS"
     "A string made from STRING, each %-sequence in it replaced by the next
of OBJECTS: %s as `princ' prints, %S as `prin1' prints, %d, %o, %x,
%X, %c, %e, %f, %g for numbers and characters, %% for a percent sign.")
    (format-message "STRING &rest OBJECTS"
     "Like `format', with grave accents and apostrophes turned into the
quotes `text-quoting-style' asks for.")
    (string-prefix-p "PREFIX STRING &optional IGNORE-CASE"
     "Non-nil when STRING begins with PREFIX, ignoring case if IGNORE-CASE.")
    (string-suffix-p "SUFFIX STRING &optional IGNORE-CASE"
     "Non-nil when STRING ends with SUFFIX, ignoring case if IGNORE-CASE.")
    (string-search "NEEDLE HAYSTACK &optional START-POS"
     "The index of the first NEEDLE in HAYSTACK at or after START-POS, or nil.")
    (string-replace "FROM-STRING TO-STRING IN-STRING"
     "IN-STRING with every FROM-STRING in it replaced by TO-STRING.")
    (compare-strings "STR1 START1 END1 STR2 START2 END2 &optional IGNORE-CASE"
     "Compare the part of STR1 from START1 to END1 with the part of STR2
from START2 to END2: t when equal, else the position of the first
difference plus one, negative when STR1 sorts first.")
    (string-width "STRING &optional FROM TO"
     "How many columns STRING (or its part from FROM to TO) takes on screen.")
    (string-match "REGEXP STRING &optional START"
     "The index where REGEXP first matches STRING at or after START, or nil.
The match data records the groups for `match-string' and friends.")
    (string-match-p "REGEXP STRING &optional START"
     "Like `string-match', leaving the match data as it was.")
    (match-string "NUM &optional STRING"
     "The text of group NUM of the last match, taken from STRING.")
    (match-data "&optional INTEGERS REUSE RESEAT"
     "The match data as a list of the start and end of each group: markers
after a search in a buffer unless INTEGERS (then the buffer follows),
integers after a match in a string.  The list REUSE is filled if given;
with RESEAT its markers point nowhere first.")
    (set-match-data "LIST &optional RESEAT"
     "Make LIST, as `match-data' returns it, the match data.")
    (match-data--translate "N"
     "Move every position of the match data by N.")
    (match-beginning "SUBEXP"
     "The start of group SUBEXP of the last match, or nil.")
    (match-end "SUBEXP"
     "The end of group SUBEXP of the last match, or nil.")
    (replace-regexp-in-string "REGEXP REP STRING &optional FIXEDCASE LITERAL SUBEXP START"
     "STRING with each match of REGEXP replaced by REP: a string, in which
\\& stands for the match and \\N for group N unless LITERAL, or a
function of the matched text giving the replacement.")
    (regexp-quote "STRING"
     "A regexp matching exactly STRING.")
    (intern "STRING &optional OBARRAY"
     "The symbol named STRING, made and interned when there is none yet.")
    (intern-soft "NAME &optional OBARRAY"
     "The interned symbol named NAME, or nil when there is none.")
    (make-symbol "NAME"
     "A new uninterned symbol named NAME.")
    (symbol-name "SYMBOL"
     "The name of SYMBOL, a string.")
    (symbol-value "SYMBOL"
     "The value of SYMBOL as a dynamic variable; an error when void.")
    (symbol-function "SYMBOL"
     "The function definition of SYMBOL, or nil.")
    (symbol-plist "SYMBOL"
     "The property list of SYMBOL.")
    (get "SYMBOL PROPNAME"
     "The value of property PROPNAME in SYMBOL's property list, or nil.")
    (put "SYMBOL PROPNAME VALUE"
     "Set property PROPNAME of SYMBOL to VALUE; return VALUE.")
    (set "SYMBOL NEWVAL"
     "Give the dynamic variable SYMBOL the value NEWVAL; return NEWVAL.")
    (fset "SYMBOL DEFINITION"
     "Make DEFINITION the function of SYMBOL; return DEFINITION.")
    (boundp "SYMBOL"
     "Non-nil when SYMBOL has a dynamic value.")
    (fboundp "SYMBOL"
     "Non-nil when SYMBOL has a function definition.")
    (makunbound "SYMBOL"
     "Remove SYMBOL's dynamic value; return SYMBOL.")
    (fmakunbound "SYMBOL"
     "Remove SYMBOL's function definition; return SYMBOL.")
    (default-value "SYMBOL"
     "The default (not buffer-local) value of SYMBOL.")
    (set-default "SYMBOL VALUE"
     "Set the default value of SYMBOL to VALUE; return VALUE.")
    (default-boundp "SYMBOL"
     "Non-nil when SYMBOL has a default (not buffer-local) value.")
    (default-toplevel-value "SYMBOL"
     "The default value of SYMBOL outside every `let' that binds it.")
    (set-default-toplevel-value "SYMBOL VALUE"
     "Set the default value of SYMBOL outside every `let' that binds it to
VALUE, as the end of the outermost such `let' will put it back.")
    (indirect-variable "OBJECT"
     "The variable OBJECT stands for, following `defvaralias' aliases;
OBJECT itself when it is no alias or no symbol.")
    (defvaralias "NEW-ALIAS BASE-VARIABLE &optional DOCSTRING"
     "Make NEW-ALIAS another name of the variable BASE-VARIABLE: both are
then special and share one value.  Return BASE-VARIABLE.")
    (make-variable-buffer-local "VARIABLE"
     "From now on, setting VARIABLE gives the current buffer a binding of its
own, unless a `let' made in that buffer binds it.  Return VARIABLE.")
    (make-local-variable "VARIABLE"
     "Give the current buffer a binding of VARIABLE of its own, starting
from the default value (void if that is).  Return VARIABLE.")
    (kill-local-variable "VARIABLE"
     "Remove the current buffer's binding of VARIABLE, if any, so that the
default value shows there again.  Return VARIABLE.")
    (local-variable-p "VARIABLE &optional BUFFER"
     "Non-nil when BUFFER (the current buffer by default) has its own binding
of VARIABLE.")
    (local-variable-if-set-p "VARIABLE &optional BUFFER"
     "Non-nil when setting VARIABLE in BUFFER (the current buffer by default)
sets a binding of BUFFER's: it has one, or gets one when set.")
    (variable-binding-locus "VARIABLE"
     "The current buffer when the value of VARIABLE seen now is its own
binding, else nil.")
    (buffer-local-value "VARIABLE BUFFER"
     "The value of VARIABLE in BUFFER: its binding there, or the default.")
    (buffer-local-variables "&optional BUFFER"
     "The bindings of BUFFER (the current buffer by default) as an alist of
(VARIABLE . VALUE), a variable void there appearing as its symbol.")
    (kill-all-local-variables ""
     "Run `change-major-mode-hook', then remove the current buffer's bindings
but those whose variable has a `permanent-local' property and those every
buffer has; reset `major-mode' and `mode-name'.")
    (run-hooks "&rest HOOKS"
     "Call the functions of each of HOOKS in turn, with no arguments.  A hook
holds one function or a list; a t in the list stands for the functions
of the hook's default value.")
    (run-hook-with-args "HOOK &rest ARGS"
     "Call each of HOOK's functions with ARGS.  Return nil.")
    (run-hook-with-args-until-success "HOOK &rest ARGS"
     "Call HOOK's functions with ARGS until one returns non-nil, and return
that value; nil if none does.")
    (run-hook-with-args-until-failure "HOOK &rest ARGS"
     "Call HOOK's functions with ARGS until one returns nil, and return nil
then; else return t.")
    (run-hook-wrapped "HOOK WRAP-FUNCTION &rest ARGS"
     "Call WRAP-FUNCTION with each of HOOK's functions and ARGS until a call
returns non-nil, and return that value.")
    (add-variable-watcher "SYMBOL WATCH-FUNCTION"
     "Call WATCH-FUNCTION before each change of the variable SYMBOL (or of
an alias of it), with SYMBOL, the new value, the operation (`set',
`let', `unlet', `makunbound' or `defvaralias') and the buffer whose
binding changes or nil.")
    (remove-variable-watcher "SYMBOL WATCH-FUNCTION"
     "Stop calling WATCH-FUNCTION when SYMBOL changes.")
    (get-variable-watchers "SYMBOL"
     "The functions called when the variable SYMBOL changes.")
    (make-vector "LENGTH INIT"
     "A new vector of LENGTH elements, each INIT.")
    (vector "&rest OBJECTS"
     "A new vector of the arguments.")
    (aref "ARRAY IDX"
     "The element of ARRAY (vector, string, bool-vector, record) at index IDX.")
    (aset "ARRAY IDX NEWELT"
     "Store NEWELT at index IDX of ARRAY; return NEWELT.")
    (vconcat "&rest SEQUENCES"
     "A new vector of the elements of all the SEQUENCES.")
    (clear-string "STRING"
     "Overwrite every byte of STRING with zero; STRING becomes unibyte, its
length its former length in bytes.  Return nil.")
    (fillarray "ARRAY ITEM"
     "Store ITEM in every element of ARRAY; return ARRAY.")
    (make-hash-table "&rest KEYWORD-ARGS"
     "A new hash table.  KEYWORD-ARGS may give :test (eql by default, or
eq, equal, or a name from `define-hash-table-test'), :size,
:weakness, :rehash-size and :rehash-threshold.")
    (gethash "KEY TABLE &optional DFLT"
     "The value of KEY in TABLE, or DFLT when KEY is absent.")
    (puthash "KEY VALUE TABLE"
     "Make VALUE the value of KEY in TABLE; return VALUE.")
    (remhash "KEY TABLE"
     "Remove KEY from TABLE; return nil.")
    (maphash "FUNCTION TABLE"
     "Call FUNCTION with each key and value of TABLE; return nil.")
    (clrhash "TABLE"
     "Remove every entry of TABLE; return TABLE.")
    (hash-table-count "TABLE"
     "The number of entries of TABLE.")
    (hash-table-p "OBJ"
     "Non-nil when OBJ is a hash table.")
    (copy-hash-table "TABLE"
     "A new hash table with the same test and entries as TABLE.")
    (sxhash-equal "OBJ"
     "A hash code of OBJ such that `equal' objects have the same code.")
    (sxhash-eq "OBJ"
     "A hash code of OBJ such that `eq' objects have the same code.")
    (eq "OBJ1 OBJ2"
     "Non-nil when OBJ1 and OBJ2 are the same object.")
    (eql "OBJ1 OBJ2"
     "Non-nil when OBJ1 and OBJ2 are `eq', or numbers of the same type and value.")
    (equal "O1 O2"
     "Non-nil when O1 and O2 have the same structure and contents: conses,
vectors, records and strings compared element by element, numbers by
`eql', other objects by `eq'.")
    (type-of "OBJECT"
     "A symbol naming the type of OBJECT, such as integer, cons or string;
for a record, its type slot.")
    (null "OBJECT"
     "t when OBJECT is nil, else nil.")
    (not "OBJECT"
     "t when OBJECT is nil, else nil.")
    (atom "OBJECT"
     "t when OBJECT is not a cons.")
    (consp "OBJECT"
     "t when OBJECT is a cons.")
    (listp "OBJECT"
     "t when OBJECT is a cons or nil.")
    (nlistp "OBJECT"
     "t when OBJECT is neither a cons nor nil.")
    (numberp "OBJECT"
     "t when OBJECT is an integer or a float.")
    (integerp "OBJECT"
     "t when OBJECT is an integer, fixnum or bignum.")
    (floatp "OBJECT"
     "t when OBJECT is a float.")
    (natnump "OBJECT"
     "t when OBJECT is an integer not below zero.")
    (fixnump "OBJECT"
     "t when OBJECT is an integer small enough to be a fixnum.")
    (bignump "OBJECT"
     "t when OBJECT is an integer too large to be a fixnum.")
    (zerop "NUMBER"
     "t when NUMBER is zero.")
    (stringp "OBJECT"
     "t when OBJECT is a string.")
    (symbolp "OBJECT"
     "t when OBJECT is a symbol (nil and t included).")
    (keywordp "OBJECT"
     "t when OBJECT is a symbol whose name starts with a colon, interned.")
    (vectorp "OBJECT"
     "t when OBJECT is a vector.")
    (arrayp "OBJECT"
     "t when OBJECT is a vector, string, bool-vector or char-table.")
    (sequencep "OBJECT"
     "t when OBJECT is a list or an array.")
    (functionp "OBJECT"
     "t when OBJECT can be called with `funcall': a function (not a special
form or macro), a lambda expression, or a symbol whose definition is one.")
    (characterp "OBJECT"
     "t when OBJECT is an integer that is a character code.")
    (booleanp "OBJECT"
     "t when OBJECT is nil or t.")
    (char-or-string-p "OBJECT"
     "t when OBJECT is a character or a string.")
    (recordp "OBJECT"
     "t when OBJECT is a record.")
    (subrp "OBJECT"
     "t when OBJECT is a primitive function or special form.")
    (bool-vector-p "OBJECT"
     "t when OBJECT is a bool-vector.")
    (number-or-marker-p "OBJECT"
     "t when OBJECT is a number (marrow has no markers).")
    (integer-or-marker-p "OBJECT"
     "t when OBJECT is an integer (marrow has no markers).")
    (eval "FORM &optional LEXICAL"
     "The value of FORM.  LEXICAL non-nil evaluates it with lexical binding;
an alist gives lexical variables their values.")
    (load "FILE &optional NOERROR NOMESSAGE NOSUFFIX MUST-SUFFIX"
     "Read and evaluate the Lisp file FILE, searched for along `load-path'
with the suffixes of `get-load-suffixes' (.elc before .el, or the newest
with `load-prefer-newer') and none (unless NOSUFFIX or MUST-SUFFIX says
otherwise).  A missing file is an error unless NOERROR.")
    (require "FEATURE &optional FILENAME NOERROR"
     "Load FEATURE's file (FILENAME, or the feature's name) unless FEATURE
is provided already; return FEATURE.  NOERROR returns nil instead of
signalling when the file is missing or does not provide it.")
    (provide "FEATURE &optional SUBFEATURES"
     "Record FEATURE as loaded, in `features'; return FEATURE.")
    (featurep "FEATURE &optional SUBFEATURE"
     "Non-nil when FEATURE is provided (with SUBFEATURE, if given).")
    (funcall "FUNCTION &rest ARGUMENTS"
     "Call FUNCTION with ARGUMENTS and return its value.")
    (apply "FUNCTION &rest ARGUMENTS"
     "Call FUNCTION with ARGUMENTS, the last of which is a list spread into
separate arguments.")
    (identity "ARGUMENT"
     "ARGUMENT itself.")
    (ignore "&rest ARGUMENTS"
     "Nil, whatever the ARGUMENTS.")
    (message "FORMAT-STRING &rest ARGS"
     "Print FORMAT-STRING, formatted with ARGS as `format' does, on the
standard error stream with a newline; return the message.")
    (signal "ERROR-SYMBOL DATA"
     "Signal the error ERROR-SYMBOL with DATA, a list, to the nearest
`condition-case' handling one of its conditions.")
    (throw "TAG VALUE"
     "Exit to the `catch' for TAG, which returns VALUE.")
    (float-time "&optional SPECIFIED-TIME"
     "SPECIFIED-TIME (default now) as seconds since the epoch, a float.")
    (current-time ""
     "The current time as (HIGH LOW USEC PSEC).")
    (garbage-collect ""
     "Collect garbage now and return statistics of the heap.")
    (make-finalizer "FUNCTION"
     "Return a finalizer object that calls FUNCTION once, with no arguments,
after a garbage collection finds the object unreachable.  References
from other finalizers' functions do not count.  An error in FUNCTION is
logged to *Messages*.")
    (quote "ARG"
     "ARG, unevaluated.")
    (function "ARG"
     "ARG, unevaluated, as a function: a lambda expression becomes a closure
under lexical binding.")
    (setq "[SYM VAL]..."
     "Set each SYM to the value of the VAL after it, in order; return the
last value.")
    (if "COND THEN ELSE..."
     "Evaluate COND: when non-nil, THEN's value; else the last value of ELSE
forms, or nil.")
    (cond "CLAUSES..."
     "Try each clause (CONDITION BODY...) in turn: the first whose CONDITION
is non-nil gives its BODY's last value, or the condition's value when
BODY is empty.")
    (and "CONDITIONS..."
     "Evaluate CONDITIONS until one is nil; return the last value, or t for none.")
    (or "CONDITIONS..."
     "Evaluate CONDITIONS until one is non-nil and return it; nil if none.")
    (progn "BODY..."
     "Evaluate BODY forms in order and return the last value.")
    (prog1 "FIRST BODY..."
     "Evaluate FIRST, then BODY; return FIRST's value.")
    (let "VARLIST BODY..."
     "Evaluate the initial values of VARLIST, each (VAR VALUE) or VAR, then
bind them all at once and evaluate BODY.")
    (let* "VARLIST BODY..."
     "Like `let', but each variable is bound before the next value is
evaluated, so later values see earlier variables.")
    (while "TEST BODY..."
     "Evaluate BODY again and again while TEST is non-nil; return nil.")
    (defun "NAME ARGLIST &optional DOCSTRING DECL &rest BODY"
     "Define NAME as a function whose definition is
(lambda ARGLIST [DOCSTRING] BODY...).  DECL is a `declare' form; the
value is undefined.")
    (defmacro "NAME ARGLIST &optional DOCSTRING DECL &rest BODY"
     "Define NAME as a macro: its expansion is what BODY computes from the
unevaluated arguments bound to ARGLIST.  DECL is a `declare' form; the
value is undefined.")
    (declare "&rest SPECS"
     "Declarations about a function or macro, at the start of its body; a
`declare' evaluated anywhere else does nothing and returns nil.")
    (\` "STRUCTURE"
     "Quote STRUCTURE, except for the parts marked by `,' (evaluated) and
`,@' (evaluated and spliced into the enclosing list).")
    (lambda "ARGS [DOCSTRING] [INTERACTIVE] BODY"
     "A function taking ARGS and returning BODY's last value; the form
quotes itself, as `function' would quote it.")
    (prog2 "FORM1 FORM2 &rest BODY"
     "Evaluate FORM1, FORM2 and BODY in turn; return FORM2's value.")
    (defvar "SYMBOL &optional INITVALUE DOCSTRING"
     "Declare SYMBOL a special (dynamically bound) variable, setting it to
INITVALUE if it has no value yet, with DOCSTRING as documentation.")
    (defconst "SYMBOL INITVALUE [DOCSTRING]"
     "Declare SYMBOL a special variable and always set it to INITVALUE.")
    (catch "TAG BODY..."
     "Evaluate BODY; a `throw' to TAG inside it ends it with the thrown value.")
    (unwind-protect "BODYFORM UNWINDFORMS..."
     "Evaluate BODYFORM, then UNWINDFORMS however BODYFORM exits, even by an
error or a throw; return BODYFORM's value.")
    (save-excursion "&rest BODY"
     "Evaluate BODY as `progn' does, then make the buffer current before it
current again and put its point back where it was, even when BODY
exits by an error or a throw.  Point is kept as a marker, so text
inserted or deleted before it moves it.")
    (save-restriction "&rest BODY"
     "Evaluate BODY as `progn' does, then give the buffer current before
it its narrowing back, even when BODY exits by an error or a throw.")
    (save-current-buffer "&rest BODY"
     "Evaluate BODY as `progn' does, then make the buffer current before it
current again if it still lives, even when BODY exits by an error or
a throw.")
    (condition-case "VAR BODYFORM &rest HANDLERS"
     "Evaluate BODYFORM; an error whose conditions one of HANDLERS, each
    (CONDITION BODY...), names runs that handler's BODY instead, with VAR
bound to the error (ERROR-SYMBOL . DATA).")
    (defalias "SYMBOL DEFINITION &optional DOCSTRING"
     "Make DEFINITION SYMBOL's function, with DOCSTRING as documentation.")
    (macroexpand "FORM &optional ENVIRONMENT"
     "FORM with its macro call expanded again and again until it is not a
macro call.  ENVIRONMENT is an alist of local macro definitions.")
    (macroexpand-1 "FORM &optional ENVIRONMENT"
     "FORM with its macro call expanded once.")
    (macroexpand-all "FORM &optional ENVIRONMENT"
     "FORM with every macro call in it expanded, at every level.")
    (macroexp--eager-trail-frames nil
     "What is being loaded and expanded eagerly, innermost first, as the
warning about a cycle of eager macro expansion names it: (load FILE),
\(macroexpand-all FORM) and (macroexpand FORM) entries.")
    (autoload "FUNCTION FILE &optional DOCSTRING INTERACTIVE TYPE"
     "Define FUNCTION to load FILE the first time it is called.  TYPE
`macro' makes it a macro.")
    (prin1 "OBJECT &optional PRINTCHARFUN"
     "Print OBJECT on PRINTCHARFUN (default `standard-output') so that `read'
can read it back.")
    (princ "OBJECT &optional PRINTCHARFUN"
     "Print OBJECT on PRINTCHARFUN without quoting: strings and characters
as their text.")
    (print "OBJECT &optional PRINTCHARFUN"
     "Print OBJECT like `prin1', between two newlines.")
    (prin1-to-string "OBJECT &optional NOESCAPE"
     "The text `prin1' prints for OBJECT, or `princ' when NOESCAPE.")
    (terpri "&optional PRINTCHARFUN ENSURE"
     "Print a newline on PRINTCHARFUN.")
    (read "&optional STREAM"
     "Read one Lisp object from STREAM: a string, a function of no arguments
giving characters, or t for standard input.")
    (read-from-string "STRING &optional START END"
     "Read one Lisp object from STRING between START and END.  The value is
a cons of the object and the index where reading stopped.")
    (text-property-any "START END PROPERTY VALUE &optional OBJECT"
     "The first position between START and END in OBJECT (the current buffer
by default) whose PROPERTY is VALUE (eq), or nil.")
    (text-property-not-all "START END PROPERTY VALUE &optional OBJECT"
     "The first position between START and END in OBJECT (the current buffer
by default) whose PROPERTY is not VALUE (eq), or nil.")
    (get-char-property "POSITION PROP &optional OBJECT"
     "The value of PROP of the character at POSITION in OBJECT (the current
buffer by default): the one the overlay of highest priority there gives
it, else its text property.")
    (get-char-property-and-overlay "POSITION PROP &optional OBJECT"
     "As `get-char-property', but a cons (VALUE . OVERLAY): OVERLAY is the
overlay VALUE comes from, or nil when it is a text property.")
    (next-char-property-change "POSITION &optional LIMIT"
     "The first position after POSITION in the current buffer where a text
property changes or an overlay starts or ends; else LIMIT (not beyond
the accessible end), or the accessible end.")
    (previous-char-property-change "POSITION &optional LIMIT"
     "The last position before POSITION in the current buffer where a text
property changes or an overlay starts or ends; else LIMIT (not before
the accessible beginning), or the accessible beginning.")
    (marrow--overlay-pos-property "POSITION PROP"
     "A list of the value of PROP from the overlay of highest priority
that text inserted at POSITION would be in, or nil if none has PROP:
the overlay half of `get-pos-property'.")
    (rename-buffer "NEWNAME &optional UNIQUE"
     "Give the current buffer the name NEWNAME, or with UNIQUE one made from
it that no other buffer has.  Return the new name.")
    (other-buffer "&optional BUFFER VISIBLE-OK FRAME"
     "A live buffer other than BUFFER, preferring those no window shows.")
    (marrow--record-buffer "BUFFER"
     "Move BUFFER to the front of the buffer list, as selecting it does.")
    (bury-buffer-internal "BUFFER"
     "Move BUFFER to the end of the buffer list.")
    (windowp "OBJECT"
     "Whether OBJECT is a window, live or deleted.")
    (framep "OBJECT"
     "Whether OBJECT is a frame: t for the terminal frame, as in batch Emacs.")
    (window-configuration-p "OBJECT"
     "Whether OBJECT is a window configuration.")
    (selected-frame nil
     "The selected frame, batch Emacs's one terminal frame F1.")
    (frame-list nil
     "The list of frames: the one frame.")
    (marrow--make-window nil
     "A new window of the frame, numbered next, for window.el to fill.")
    (marrow--make-window-configuration "DATA"
     "A new window configuration holding DATA, window.el's snapshot.")
    (marrow--window-slot "OBJECT INDEX"
     "Slot INDEX of OBJECT, a window, frame or window configuration.")
    (marrow--set-window-slot "OBJECT INDEX VALUE"
     "Store VALUE in slot INDEX of OBJECT, a window, frame or window
configuration; return VALUE.")
    (buffer-line-statistics "&optional BUFFER-OR-NAME"
     "(LINES LONGEST MEAN): how many lines the whole text of BUFFER-OR-NAME
(the current buffer by default) has, and the longest and mean line
lengths, in bytes.")
    (make-overlay "BEG END &optional BUFFER FRONT-ADVANCE REAR-ADVANCE"
     "A new overlay over BEG to END of BUFFER (the current one by default).
Text inserted at its start goes in unless FRONT-ADVANCE; text inserted
at its end goes in if REAR-ADVANCE.")
    (move-overlay "OVERLAY BEG END &optional BUFFER"
     "Put OVERLAY over BEG to END of BUFFER (its own by default); return it.")
    (delete-overlay "OVERLAY"
     "Take OVERLAY out of its buffer; `move-overlay' can put it back.")
    (delete-all-overlays "&optional BUFFER"
     "Delete every overlay of BUFFER (the current one by default).")
    (overlay-start "OVERLAY"
     "Where OVERLAY starts, or nil if it is deleted.")
    (overlay-end "OVERLAY"
     "Where OVERLAY ends, or nil if it is deleted.")
    (overlay-buffer "OVERLAY"
     "The buffer OVERLAY is in, or nil if it is deleted.")
    (overlayp "OBJECT"
     "Whether OBJECT is an overlay.")
    (overlay-get "OVERLAY PROP"
     "OVERLAY's property PROP, or that of the symbol of its `category'.")
    (overlay-put "OVERLAY PROP VALUE"
     "Set OVERLAY's property PROP to VALUE; return VALUE.")
    (overlay-properties "OVERLAY"
     "A copy of OVERLAY's property list.")
    (overlays-at "POS &optional SORTED"
     "The overlays holding the character at POS, by decreasing priority if
SORTED.")
    (overlays-in "BEG END"
     "The overlays with text between BEG and END, and the empty ones at BEG,
between them, or at END when END is the end of the accessible text.")
    (next-overlay-change "POS"
     "The first position after POS where an overlay starts or ends, else
the end of the accessible text.")
    (previous-overlay-change "POS"
     "The last position before POS where an overlay starts or ends, else
the beginning of the accessible text.")
    (overlay-lists ""
     "(OVERLAYS . nil): all the overlays of the current buffer.")
    (overlay-recenter "POS"
     "Nothing: marrow keeps no overlay center.")
    (buffer-base-buffer "&optional BUFFER"
     "The base buffer of indirect buffer BUFFER (the current buffer by
default); nil when BUFFER is not indirect.")
    (make-indirect-buffer "BASE-BUFFER NAME &optional CLONE INHIBIT-BUFFER-HOOKS"
     "A new buffer NAME sharing the text and text properties of BASE-BUFFER
(of its base, if it is indirect itself), with a point, narrowing,
markers and variables of its own.  CLONE non-nil gives it the base's
variables, modes and overlays; nil resets them as in a new buffer.")
    (call-process "PROGRAM &optional INFILE DESTINATION DISPLAY &rest ARGS"
     "Run PROGRAM with the string ARGS and wait for it, returning its exit
status, or the name of the signal that killed it.  Its input is the
file INFILE (nothing when nil).  DESTINATION: t inserts its output in
the current buffer, a buffer or buffer name in that buffer, nil
discards it, 0 discards it without waiting (returning nil); (REAL
ERROR) sends its error output to the file ERROR, discards it for nil,
keeps it with the rest for t; (:file FILE) writes the output to FILE.
PROGRAM is searched along `exec-path'.  DISPLAY is ignored.")
    (call-process-region "START END PROGRAM &optional DELETE DESTINATION DISPLAY &rest ARGS"
     "As `call-process', the program's input being the text from START to
END (the whole accessible text if START is nil, START itself if a
string), deleted first if DELETE is non-nil.")
    (make-process "&rest ARGS"
     "Start a program as an asynchronous process and return it.  ARGS is a
property list: :name (a string, made unique with <N>), :buffer (a
buffer or its name, or nil), :command (the program and its arguments,
the program searched along `exec-path'), :filter and :sentinel
\(functions of the process and a string), :noquery, :connection-type
\(only pipe) and :stderr (only nil: error output with the rest).")
    (processp "OBJECT" "t if OBJECT is a process.")
    (get-process "NAME" "The process named NAME, or nil.")
    (process-list "" "A list of the processes not yet deleted or reported ended.")
    (get-buffer-process "BUFFER" "The process whose buffer is BUFFER (or the buffer of that name), or nil.")
    (process-status "PROCESS"
     "PROCESS's status: run, exit or signal.  PROCESS may be a process, a
buffer or the name of either; nil for a name that names no process.")
    (process-live-p "PROCESS" "Non-nil if PROCESS is still running.")
    (process-exit-status "PROCESS"
     "The exit code of PROCESS, or the number of the signal that killed it;
0 while it runs.")
    (process-id "PROCESS" "The operating system's process id of PROCESS.")
    (process-name "PROCESS" "The name of PROCESS.")
    (process-buffer "PROCESS" "The buffer PROCESS is associated with, or nil.")
    (set-process-buffer "PROCESS BUFFER" "Associate PROCESS with BUFFER (nil for none).")
    (process-command "PROCESS" "The program and arguments PROCESS was started with.")
    (process-mark "PROCESS" "The marker where the default filter inserts PROCESS's output.")
    (process-filter "PROCESS" "The function PROCESS's output goes to.")
    (process-coding-system "PROCESS"
     "(DECODING . ENCODING): the coding systems PROCESS's output is decoded
and its input encoded with.")
    (set-process-coding-system "PROCESS &optional DECODING ENCODING"
     "Decode PROCESS's output with DECODING and encode its input with
ENCODING from now on; nil means no conversion.")
    (set-process-filter "PROCESS FILTER"
     "Make FILTER the function PROCESS's output goes to; nil restores the
default, which inserts it in the process buffer.")
    (process-sentinel "PROCESS" "The function told of PROCESS's status changes.")
    (set-process-sentinel "PROCESS SENTINEL"
     "Make SENTINEL the function told of PROCESS's status changes; nil
restores the default, which notes them in the process buffer.")
    (process-plist "PROCESS" "The property list of PROCESS.")
    (set-process-plist "PROCESS PLIST" "Make PLIST the property list of PROCESS.")
    (process-query-on-exit-flag "PROCESS" "Whether exiting would ask about PROCESS.")
    (set-process-query-on-exit-flag "PROCESS FLAG" "Set whether exiting would ask about PROCESS.")
    (process-send-string "PROCESS STRING" "Send STRING to PROCESS's standard input.")
    (process-send-region "PROCESS START END"
     "Send the current buffer's text from START to END to PROCESS.")
    (process-send-eof "&optional PROCESS"
     "Send PROCESS an end of file: a C-d on a pty, else close its input
\(what is sent later is thrown away).")
    (make-pipe-process "&rest ARGS"
     "Make a pipe process from the keywords ARGS (:name, :buffer, which
defaults to a buffer named NAME, :filter, :sentinel, :noquery); its
write end can be given to `make-process' as :stderr.")
    (make-network-process "&rest ARGS"
     "Make a network process from the keywords ARGS: :name, :buffer,
:host, :service (a port, a service name, t for any free port of a
server, a file name for :family local), :family (ipv4, ipv6, local),
:server, :nowait, :filter, :sentinel, :noquery.")
    (process-contact "PROCESS &optional KEY NO-BLOCK"
     "What network PROCESS was made with: (HOST SERVICE), with KEY t the
whole property list, else its KEY item; t for any other process.")
    (process-tty-name "PROCESS" "The name of PROCESS's terminal, or nil if it has none.")
    (process-type "PROCESS" "The type of PROCESS: real, pipe or network.")
    (accept-process-output "&optional PROCESS SECONDS MILLISEC JUST-THIS-ONE"
     "Wait for output from PROCESS (any process when nil), at most SECONDS
and MILLISEC milliseconds if given, running filters, sentinels and
timers.  Non-nil if output came.  JUST-THIS-ONE reads only PROCESS.")
    (delete-process "PROCESS" "Kill PROCESS if it runs and forget it.")
    (kill-process "&optional PROCESS CURRENT-GROUP" "Kill PROCESS with SIGKILL.")
    (interrupt-process "&optional PROCESS CURRENT-GROUP" "Interrupt PROCESS with SIGINT.")
    (quit-process "&optional PROCESS CURRENT-GROUP" "Send PROCESS SIGQUIT.")
    (stop-process "&optional PROCESS CURRENT-GROUP" "Stop PROCESS with SIGSTOP.")
    (continue-process "&optional PROCESS CURRENT-GROUP" "Continue PROCESS with SIGCONT.")
    (signal-process "PROCESS SIGCODE"
     "Send the signal SIGCODE (a number or a name such as SIGTERM) to
PROCESS (a process, its name, or a process id).  0 on success.")
    (buffer-has-markers-at "POSITION"
     "Non-nil when a marker of the current buffer is at POSITION.")
    (byte-to-position "BYTEPOS"
     "The position of the character of the current buffer holding byte
BYTEPOS, or nil outside its text.")
    (position-bytes "POSITION"
     "The byte position of POSITION in the current buffer, or nil outside
its text.")
    (translate-region-internal "START END TABLE"
     "Replace each character between START and END by its translation in
TABLE, a char-table or a string (for the characters below its length).
Return how many changed.")
    (transpose-regions "STARTR1 ENDR1 STARTR2 ENDR2 &optional LEAVE-MARKERS"
     "Swap the text between STARTR1 and ENDR1 with the text between STARTR2
and ENDR2, which must not overlap.  Markers and point move with their
text unless LEAVE-MARKERS.")
    (buffer-substring-no-properties "START END"
     "The text of the current buffer between START and END, without its
text properties.")
    (subr-name "SUBR"
     "The name of the primitive SUBR, a string.")
    (func-arity "FUNCTION"
     "(MIN . MAX): how many arguments FUNCTION accepts; MAX is `many' for
a &rest argument and `unevalled' for a special form.")
    (add-text-properties "START END PROPERTIES &optional OBJECT"
     "Add PROPERTIES, a plist, to the text of OBJECT (a string; the current
buffer if nil) from START to END, keeping the properties already there.
Return t if anything changed.")
    (assoc-string "KEY LIST &optional CASE-FOLD"
     "The first element of LIST whose car, a string or a symbol's name,
matches KEY (also a string or symbol); with CASE-FOLD, ignoring case.
An element that is itself a string matches as its own car.")
    (autoload-do-load "FUNDEF &optional FUNNAME MACRO-ONLY"
     "Load the file of the autoload object FUNDEF for FUNNAME and return
FUNNAME's new definition.  With MACRO-ONLY, only an autoloaded macro
is loaded.  Any other FUNDEF is returned as it is.")
    (backtrace-frame--internal "FUNCTION NFRAMES BASE"
     "Call FUNCTION on the frame NFRAMES out from the innermost call of
BASE (the innermost frame if BASE is nil), as `mapbacktrace' would;
nil if there is no such frame.")
    (backward-char "&optional N"
     "Move point N characters back (one if N is nil; forward if negative).
Signal `beginning-of-buffer' or `end-of-buffer' at the edge.")
    (base64-decode-string "STRING &optional BASE64URL"
     "Decode the base64 text STRING into a unibyte string of its bytes.
With BASE64URL, use the URL-safe alphabet, padding optional.")
    (base64-encode-string "STRING &optional NO-LINE-BREAK"
     "STRING, whose characters must be bytes, encoded in base64.  Lines are
broken every 76 characters unless NO-LINE-BREAK.")
    (base64url-encode-string "STRING &optional NO-PAD"
     "STRING encoded in the URL-safe base64 alphabet, on one line; without
the trailing = padding when NO-PAD.")
    (beginning-of-line "&optional N"
     "Move point to the start of the current line, or with N of the line
N - 1 lines further on.")
    (bobp ""
     "Whether point is at the start of the accessible part of the buffer.")
    (bolp ""
     "Whether point is at the start of a line.")
    (bool-vector "&rest OBJECTS"
     "A new bool-vector whose elements are OBJECTS, each as nil or t.")
    (bool-vector-count-consecutive "A B I"
     "How many elements of bool-vector A, starting at index I, are in a row
equal to B (nil or non-nil).")
    (bool-vector-count-population "A"
     "How many elements of bool-vector A are t.")
    (bool-vector-exclusive-or "A B &optional C"
     "The elementwise exclusive or of bool-vectors A and B, stored into C
if given, else into a new vector.  With C, return nil if C did not
change.")
    (bool-vector-intersection "A B &optional C"
     "The elementwise and of bool-vectors A and B, stored into C if given,
else into a new vector.  With C, return nil if C did not change.")
    (bool-vector-not "A &optional B"
     "The elementwise negation of bool-vector A, stored into B if given,
else into a new vector.")
    (bool-vector-set-difference "A B &optional C"
     "The elements set in bool-vector A but not in B, stored into C if
given, else into a new vector.  With C, return nil if C did not change.")
    (bool-vector-subsetp "A B"
     "Whether every element set in bool-vector A is set in B too.")
    (bool-vector-union "A B &optional C"
     "The elementwise or of bool-vectors A and B, stored into C if given,
else into a new vector.  With C, return nil if C did not change.")
    (buffer-file-name "&optional BUFFER"
     "The name of the file BUFFER (the current buffer if nil) visits; nil
for a buffer that visits none, as every buffer in marrow.")
    (buffer-list "&optional FRAME"
     "The live buffers, oldest first.  FRAME is ignored.")
    (buffer-live-p "OBJECT"
     "Whether OBJECT is a buffer that has not been killed.")
    (buffer-modified-p "&optional BUFFER"
     "Whether BUFFER (the current one if nil) was modified since it was
last marked unmodified.")
    (buffer-chars-modified-tick "&optional BUFFER"
     "BUFFER's (the current one's if nil) tick counter as of the last
change of its characters: text properties changing leave it alone.")
    (buffer-modified-tick "&optional BUFFER"
     "BUFFER's (the current one's if nil) tick counter, counting each
change of its text or text properties, a replacement counting once.")
    (recent-auto-save-p ""
     "Non-nil if the current buffer was auto-saved since it was last saved.")
    (set-buffer-auto-saved ""
     "Note the current buffer's text as auto-saved as it is now.")
    (marrow--auto-save-due-p "BUFFER"
     "Non-nil if BUFFER changed since it was last auto-saved, so that
`do-auto-save' writes it.")
    (buffer-swap-text "BUFFER"
     "Exchange the text of the current buffer and BUFFER, with what goes
with it: point, narrowing, text properties, markers, overlays, the undo
list, multibyteness and `mark-active'.  Both buffers are then modified.")
    (buffer-name "&optional BUFFER"
     "The name of BUFFER (the current one if nil), or nil once it is killed.")
    (buffer-size "&optional BUFFER"
     "The number of characters in BUFFER (the current one if nil), ignoring
any narrowing.")
    (buffer-string ""
     "The accessible text of the current buffer, as a string.")
    (buffer-substring "START END"
     "The text of the current buffer between positions START and END, in
either order, as a string.")
    (bufferp "OBJECT"
     "Whether OBJECT is a buffer, live or killed.")
    (byte-code "BYTESTR VECTOR MAXDEPTH"
     "Run the byte code BYTESTR, whose constants are VECTOR, as a function of
no arguments: what the top-level forms of compiled files call.")
    (byte-code-function-p "OBJECT"
     "Whether OBJECT is a byte-code function object.")
    (caaaar "X"
     "The same as (car (car (car (car X)))).")
    (caaadr "X"
     "The same as (car (car (car (cdr X)))).")
    (caaar "X"
     "The same as (car (car (car X))).")
    (caadar "X"
     "The same as (car (car (cdr (car X)))).")
    (caaddr "X"
     "The same as (car (car (cdr (cdr X)))).")
    (caadr "X"
     "The same as (car (car (cdr X))).")
    (caar "X"
     "The same as (car (car X)).")
    (cadaar "X"
     "The same as (car (cdr (car (car X)))).")
    (cadadr "X"
     "The same as (car (cdr (car (cdr X)))).")
    (cadar "X"
     "The same as (car (cdr (car X))).")
    (caddar "X"
     "The same as (car (cdr (cdr (car X)))).")
    (cadddr "X"
     "The same as (car (cdr (cdr (cdr X)))).")
    (caddr "X"
     "The same as (car (cdr (cdr X))).")
    (cadr "X"
     "The same as (car (cdr X)).")
    (cdaaar "X"
     "The same as (cdr (car (car (car X)))).")
    (cdaadr "X"
     "The same as (cdr (car (car (cdr X)))).")
    (cdaar "X"
     "The same as (cdr (car (car X))).")
    (cdadar "X"
     "The same as (cdr (car (cdr (car X)))).")
    (cdaddr "X"
     "The same as (cdr (car (cdr (cdr X)))).")
    (cdadr "X"
     "The same as (cdr (car (cdr X))).")
    (cdar "X"
     "The same as (cdr (car X)).")
    (cddaar "X"
     "The same as (cdr (cdr (car (car X)))).")
    (cddadr "X"
     "The same as (cdr (cdr (car (cdr X)))).")
    (cddar "X"
     "The same as (cdr (cdr (car X))).")
    (cdddar "X"
     "The same as (cdr (cdr (cdr (car X)))).")
    (cddddr "X"
     "The same as (cdr (cdr (cdr (cdr X)))).")
    (cdddr "X"
     "The same as (cdr (cdr (cdr X))).")
    (cddr "X"
     "The same as (cdr (cdr X)).")
    (char-after "&optional POS"
     "The character just after position POS (point if nil), or nil at the
end of the accessible text or outside it.")
    (char-before "&optional POS"
     "The character just before position POS (point if nil), or nil at the
start of the accessible text or outside it.")
    (char-charset "CH &optional RESTRICTION"
     "The charset of character CH: ascii, unicode, eight-bit for a raw byte,
or emacs beyond Unicode (marrow knows only these four).  With
RESTRICTION, a list of charsets, the first of them that has CH, or nil.")
    (charsetp "OBJECT"
     "Whether OBJECT names a charset marrow knows: ascii, unicode (and ucs),
unicode-bmp, iso-8859-1, latin-iso8859-1, eight-bit or emacs.")
    (decode-char "CHARSET CODE-POINT"
     "The character whose code point in CHARSET is CODE-POINT, or nil when
CHARSET has no such code point.  CODE-POINT is a natural number below
2^32, an integral float, or (HIGH . LOW) for HIGH*65536+LOW.")
    (encode-char "CH CHARSET"
     "The code point of character CH in CHARSET, or nil when CHARSET lacks CH.")
    (string-collate-lessp "S1 S2 &optional LOCALE IGNORE-CASE"
     "Whether string S1 sorts before S2 in LOCALE's collation order (nil:
the environment's locale), both lower-cased first with IGNORE-CASE.
Symbols stand for their names; a NUL character ends a string here.
In the C or POSIX locale the order is code point order.")
    (string-collate-equalp "S1 S2 &optional LOCALE IGNORE-CASE"
     "Whether strings S1 and S2 collate as equal in LOCALE (nil: the
environment's locale), both lower-cased first with IGNORE-CASE.
Symbols stand for their names; a NUL character ends a string here.")
    (char-equal "C1 C2"
     "Whether characters C1 and C2 are the same, ignoring case when
`case-fold-search' is non-nil.")
    (char-from-name "STRING &optional IGNORE-CASE"
     "The character whose Unicode name is STRING, or nil; with IGNORE-CASE,
the name's case does not matter.")
    (char-syntax "CHARACTER"
     "The syntax class of CHARACTER in the current buffer's syntax table, as
the character that designates it (?w for word, ?\\s for whitespace...).")
    (syntax-table-p "OBJECT"
     "Whether OBJECT is a syntax table: a char-table of subtype `syntax-table'.")
    (syntax-table nil
     "The current buffer's syntax table.")
    (standard-syntax-table nil
     "The standard syntax table, which new buffers start with and other
tables inherit from.")
    (set-syntax-table "TABLE"
     "Make syntax table TABLE the current buffer's, and return it.")
    (make-syntax-table "&optional OLDTABLE"
     "A new empty syntax table inheriting from OLDTABLE, by default from the
standard syntax table.")
    (copy-syntax-table "&optional TABLE"
     "A copy of syntax table TABLE (the standard one if nil), without a default
and with the standard table as its parent if TABLE had none.")
    (string-to-syntax "STRING"
     "The raw syntax descriptor (CODE . MATCHING-CHAR) that descriptor STRING
\(class letter, matching character, flags 1234pbnc) stands for; nil for
the inherit class @.")
    (modify-syntax-entry "CHAR NEWENTRY &optional SYNTAX-TABLE"
     "Give CHAR (or each character of a range (FROM . TO)) the syntax that
descriptor string NEWENTRY stands for in SYNTAX-TABLE, by default the
current buffer's.")
    (syntax-class-to-char "SYNTAX"
     "The character that designates syntax class number SYNTAX.")
    (matching-paren "CHARACTER"
     "The character matching CHARACTER if it is an open or close paren in the
current syntax table, else nil.")
    (backward-prefix-chars nil
     "Move point back over characters of expression prefix syntax or with
the prefix flag p.")
    (forward-comment "COUNT"
     "Move point forward over COUNT comments and the whitespace around them
\(backward if COUNT is negative), stopping at anything else; t if all
COUNT were passed.")
    (skip-syntax-forward "SYNTAX &optional LIM"
     "Move point forward over characters whose syntax class is in the string
SYNTAX of class letters (not in it if SYNTAX starts with ^), up to LIM;
return the distance moved.")
    (skip-syntax-backward "SYNTAX &optional LIM"
     "Move point backward over characters whose syntax class is in the string
SYNTAX (not in it if it starts with ^), down to LIM; return the distance
moved, zero or negative.")
    (scan-lists "FROM COUNT DEPTH"
     "The position COUNT balanced lists away from FROM (backward if COUNT is
negative), stopping early when the depth, starting at DEPTH, reaches
zero; nil at the accessible portion's end between lists.  A scan-error
when the parentheses do not balance.")
    (scan-sexps "FROM COUNT"
     "The position COUNT balanced expressions away from FROM (backward if
COUNT is negative), or nil at the accessible portion's end.")
    (parse-partial-sexp "FROM TO &optional TARGETDEPTH STOPBEFORE OLDSTATE COMMENTSTOP"
     "Parse the text from FROM to TO as Lisp-like expressions and return the
state there: depth, innermost list start, last complete expression start,
string terminator, comment nesting, quoted flag, minimum depth, comment
style, string or comment start, open list positions, and the syntax of a
pending two-character construct.  Stop early at depth TARGETDEPTH, before
an expression if STOPBEFORE, or at a comment (or string, if COMMENTSTOP is
`syntax-table') boundary; resume from OLDSTATE.  Point moves to the end.")
    (char-table-extra-slot "CHAR-TABLE N"
     "The value of extra slot N of CHAR-TABLE.")
    (char-table-p "OBJECT"
     "Whether OBJECT is a char-table.")
    (char-table-parent "CHAR-TABLE"
     "The parent of CHAR-TABLE, consulted for characters it has no value
for; nil for none.")
    (char-table-range "CHAR-TABLE RANGE"
     "The value CHAR-TABLE gives RANGE: a character, nil for its default
value, or (FROM . TO), whose first character's value is returned.")
    (char-table-subtype "CHAR-TABLE"
     "The purpose symbol CHAR-TABLE was made for.")
    (char-width "CHAR"
     "How many columns character CHAR takes on a terminal; a tab takes
`tab-width'.")
    (detect-coding-string "STRING &optional HIGHEST"
     "The coding systems that could decode STRING, best first as the
order of priority has them, each with the end of line STRING shows;
only the best one when HIGHEST.  `undecided' for text of ASCII only,
`raw-text' last when Latin-1 refuses it.")
    (coding-system-p "OBJECT"
     "Whether OBJECT is a coding system marrow knows, or nil.")
    (check-coding-system "CODING-SYSTEM"
     "CODING-SYSTEM if it is nil or a coding system marrow knows; else
signal `coding-system-error'.")
    (coding-system-base "CODING-SYSTEM"
     "CODING-SYSTEM without its end of line, under the name of the coding
system it is an alias of; `no-conversion' for nil.")
    (coding-system-eol-type "CODING-SYSTEM"
     "The end of line CODING-SYSTEM settles: 0 for Unix (LF), 1 for DOS
(CRLF), 2 for Mac (CR); when it leaves it to the text, the vector of
its three variants.  nil for what is not a coding system.")
    (coding-system-type "CODING-SYSTEM"
     "How CODING-SYSTEM encodes: `utf-8', `utf-16', `charset' (one byte a
character), `raw-text' or `undecided' (it detects the coding).")
    (interactive-form "CMD"
     "The (interactive SPEC) form that makes CMD a command, or nil when it
is none: CMD's `interactive-form' property, or that of a symbol its
function cell leads to, else the form in the function's body (of byte
code, its interactive spec).")
    (commandp "FUNCTION &optional FOR-CALL-INTERACTIVELY"
     "Whether FUNCTION can be called interactively: a function with an
`interactive' form.")
    (copy-alist "ALIST"
     "A copy of ALIST whose top-level conses, the elements' included, are
new: changing a copied element's cdr leaves ALIST alone.")
    (copy-marker "&optional MARKER TYPE"
     "A new marker at the position of MARKER (a marker or a number), or
pointing nowhere if it is nil.  TYPE is its insertion type.")
    (copy-tree "TREE &optional VECP"
     "A copy of TREE with every cons copied, recursively; with VECP, the
vectors and records inside too.")
    (copysign "X1 X2"
     "The float X1 with the sign of the float X2.")
    (count-lines "START END &optional IGNORE-INVISIBLE-LINES"
     "The number of lines between positions START and END; a last line
without its newline counts.")
    (current-buffer ""
     "The current buffer.")
    (current-column ""
     "The column of point, counting tabs to the next multiple of
`tab-width' and wide characters as two.")
    (current-time-string "&optional SPECIFIED-TIME ZONE"
     "A string such as \"Sun Sep 16 01:03:52 1973\" for SPECIFIED-TIME
(now if nil) in time zone ZONE (local if nil).")
    (current-time-zone "&optional SPECIFIED-TIME ZONE"
     "(OFFSET NAME): the offset from UTC in seconds and the abbreviation of
the time zone ZONE (local if nil) at SPECIFIED-TIME (now if nil).")
    (decode-coding-string "STRING CODING-SYSTEM &optional NOCOPY BUFFER"
     "STRING's bytes decoded by CODING-SYSTEM into characters.  With
NOCOPY, STRING itself may be returned when nothing changes.")
    (decode-time "&optional TIME ZONE FORM"
     "(SEC MINUTE HOUR DAY MONTH YEAR DOW DST UTCOFF) for TIME (now if
nil) in time zone ZONE; FORM `integer' or t says how to give SEC.")
    (define-error "NAME MESSAGE &optional PARENT"
     "Define NAME as an error symbol with message MESSAGE whose parent
conditions are PARENT (a symbol or a list; `error' if nil).")
    (define-hash-table-test "NAME TEST HASH"
     "Define NAME as a test for `make-hash-table': TEST compares keys and
HASH computes a key's hash code.")
    (delete-char "N &optional KILLFLAG"
     "Delete the N characters after point, or before it if N is negative.")
    (delete-dups "LIST"
     "Remove the `equal' duplicates of LIST's elements from LIST, keeping
the first of each, destructively.  Return LIST.")
    (delete-file "FILENAME &optional TRASH"
     "Delete the file FILENAME.  TRASH is ignored.")
    (delete-directory "DIRECTORY &optional RECURSIVE TRASH"
     "Delete the directory DIRECTORY, which must be empty unless RECURSIVE
asks to delete what it holds too (symbolic links in it are deleted, not
followed).  TRASH is ignored.")
    (delete-region "START END"
     "Delete the text of the current buffer between START and END.")
    (directory-file-name "DIRECTORY"
     "The name of directory DIRECTORY as a file: without a final slash.")
    (ding "&optional ARG"
     "Ring the bell: in batch, write a BEL character to standard output.")
    (emacs-pid ""
     "The process ID of this program.")
    (num-processors "&optional QUERY"
     "The number of processors: with QUERY `all', installed; `current',
available to this process; nil, those unless the environment variable
OMP_NUM_THREADS (capped by OMP_THREAD_LIMIT) asks for another number.")
    (encode-coding-string "STRING CODING-SYSTEM &optional NOCOPY BUFFER"
     "STRING's characters encoded by CODING-SYSTEM into a unibyte string
of bytes.  With NOCOPY, STRING itself may be returned when nothing
changes.")
    (encode-time "TIME &rest OBSOLESCENT-ARGUMENTS"
     "The Lisp timestamp of decoded time TIME, a list (SEC MINUTE HOUR DAY
MONTH YEAR IGNORED DST ZONE); the older form with separate arguments
is accepted too.")
    (end-of-line "&optional N"
     "Move point to the end of the current line, or with N of the line
N - 1 lines further on.")
    (eobp ""
     "Whether point is at the end of the accessible part of the buffer.")
    (eolp ""
     "Whether point is at the end of a line.")
    (equal-including-properties "O1 O2"
     "Whether O1 and O2 are `equal' and, for strings, have the same text
properties, compared with `eq'.")
    (erase-buffer ""
     "Delete all the text of the current buffer, narrowing included.")
    (error-message-string "OBJ"
     "The message an uncaught error OBJ, (ERROR-SYMBOL . DATA), would
print.")
    (expand-file-name "NAME &optional DEFAULT-DIRECTORY"
     "NAME as an absolute file name, relative to DEFAULT-DIRECTORY (else
`default-directory'), with ~, . and .. resolved.")
    (external-debugging-output "CHARACTER"
     "Write CHARACTER to standard error.")
    (send-string-to-terminal "STRING &optional TERMINAL"
     "Write STRING's bytes, unconverted, to the terminal: standard output
in batch.  TERMINAL nil or a frame names the only one.")
    (fetch-bytecode "OBJECT"
     "OBJECT, a byte-code function whose code `byte-compile-dynamic' left in
its file, with that code read in.")
    (directory-files "DIRECTORY &optional FULL MATCH NOSORT COUNT"
     "The names of the files in DIRECTORY, sorted with `string<' unless
NOSORT: absolute if FULL, only those the regexp MATCH finds, the first
COUNT of them if COUNT is non-nil.")
    (find-file-name-handler "FILENAME OPERATION"
     "The handler in `file-name-handler-alist' for OPERATION on FILENAME:
of the regexps that match it (case counting), the one matching furthest
in, its handler willing (its `operations' property, when it has one,
names OPERATION) and not one of `inhibit-file-name-handlers' when
OPERATION is `inhibit-file-name-operation'.")
    (file-accessible-directory-p "FILENAME"
     "Whether FILENAME names a directory one may enter (and so open
files in).")
    (file-directory-p "FILENAME"
     "Whether FILENAME names a directory.")
    (file-executable-p "FILENAME"
     "Whether FILENAME can be executed (a directory searched).")
    (file-regular-p "FILENAME"
     "Whether FILENAME names a regular file (after symbolic links).")
    (file-writable-p "FILENAME"
     "Whether FILENAME can be written: it is, or it can be made in its
directory.")
    (file-symlink-p "FILENAME"
     "The target of FILENAME as written in it if FILENAME is a symbolic
link, else nil.")
    (make-symbolic-link "TARGET LINKNAME &optional OK-IF-ALREADY-EXISTS"
     "Make LINKNAME a symbolic link to TARGET, stored as given.  An
existing LINKNAME signals `file-already-exists' unless
OK-IF-ALREADY-EXISTS.")
    (copy-file "FILE NEWNAME &optional OK-IF-ALREADY-EXISTS KEEP-TIME PRESERVE-UID-GID PRESERVE-PERMISSIONS"
     "Copy the regular file FILE to NEWNAME (into NEWNAME if it ends in a
slash).  An existing NEWNAME signals `file-already-exists' unless
OK-IF-ALREADY-EXISTS; an integer there means ask first.  A new copy
gets FILE's permissions less the umask, all of them with
PRESERVE-PERMISSIONS; KEEP-TIME gives it FILE's times and
PRESERVE-UID-GID its owner and group, where that is allowed.")
    (add-name-to-file "FILE NEWNAME &optional OK-IF-ALREADY-EXISTS"
     "Give the file FILE the further name NEWNAME, a hard link (inside
NEWNAME if it ends in a slash).  An existing NEWNAME signals
`file-already-exists' unless OK-IF-ALREADY-EXISTS; an integer there
means ask first.")
    (file-name-all-completions "FILE DIRECTORY"
     "The names in DIRECTORY that start with FILE, a directory's with a
slash after it.  `completion-ignore-case' and `completion-regexp-list'
apply.")
    (file-name-completion "FILE DIRECTORY &optional PREDICATE"
     "The longest text all names in DIRECTORY that start with FILE start
with; t when FILE names the one file alone, nil when none starts so.
Names ending in one of `completion-ignored-extensions' count only when
nothing else would.  PREDICATE, when given, is called with each name,
`default-directory' being DIRECTORY, and must return non-nil for it to
count.")
    (directory-files-and-attributes "DIRECTORY &optional FULL MATCH NOSORT ID-FORMAT COUNT"
     "What `directory-files' lists, each name paired with its
`file-attributes', those with ID-FORMAT, as (NAME . ATTRIBUTES).")
    (file-name-case-insensitive-p "FILENAME"
     "Whether the file system holding FILENAME takes names that differ only
in case for the same name.")
    (access-file "FILENAME STRING"
     "Nil if the file FILENAME can be read, else a `file-error' (or
`file-missing') with STRING as its message.")
    (file-acl "FILENAME"
     "The access control list of FILENAME as text, or nil: marrow has no
ACL support, so always nil unless a file name handler answers.")
    (set-file-acl "FILENAME ACL-STRING"
     "Set the access control list of FILENAME; without ACL support, does
nothing and returns nil unless a file name handler answers.")
    (file-selinux-context "FILENAME"
     "The SELinux context of FILENAME as (USER ROLE TYPE RANGE); without
SELinux support, (nil nil nil nil) unless a file name handler answers.")
    (set-file-selinux-context "FILENAME CONTEXT"
     "Set the SELinux context of FILENAME; without SELinux support, does
nothing and returns nil unless a file name handler answers.")
    (file-system-info "FILENAME"
     "The file system holding FILENAME as (TOTAL FREE AVAILABLE): its size,
its free bytes, and those free to an unprivileged user; nil when
FILENAME does not exist.")
    (rename-file "FILE NEWNAME &optional OK-IF-ALREADY-EXISTS"
     "Rename FILE as NEWNAME (into NEWNAME if it ends in a slash).  An
existing NEWNAME signals `file-already-exists' unless
OK-IF-ALREADY-EXISTS.")
    (file-exists-p "FILENAME"
     "Whether a file named FILENAME exists.")
    (file-name-absolute-p "FILENAME"
     "Whether FILENAME is absolute: starts with / or ~.")
    (file-name-as-directory "FILE"
     "FILE as a directory name: with a final slash.")
    (file-name-base "&optional FILENAME"
     "FILENAME without its directory and its last extension.")
    (file-name-concat "DIRECTORY &rest COMPONENTS"
     "DIRECTORY and COMPONENTS joined with single slashes between them; nil
and empty components are skipped.")
    (file-name-directory "FILENAME"
     "The directory part of FILENAME, up to its last slash, or nil if it has
none.")
    (file-name-extension "FILENAME &optional PERIOD"
     "The extension of FILENAME, after its last period; with PERIOD, with the
period; nil (\"\" with PERIOD) if it has none.")
    (file-newer-than-file-p "FILE1 FILE2"
     "Whether file FILE1 was modified after FILE2: nil if FILE1 does not
exist, t if only FILE2 does not.")
    (file-name-nondirectory "FILENAME"
     "FILENAME without its directory part.")
    (file-name-sans-extension "FILENAME"
     "FILENAME without its last extension.")
    (file-readable-p "FILENAME"
     "Whether the file FILENAME exists and can be read.")
    (flatten-tree "TREE"
     "The atoms of TREE, a nest of lists, in order, as one list; nil
elements are dropped.")
    (following-char ""
     "The character after point, or 0 at the end of the buffer.")
    (format-time-string "FORMAT-STRING &optional TIME ZONE"
     "TIME (now if nil) in time zone ZONE formatted by FORMAT-STRING, whose
%-sequences are those of strftime, with Emacs's additions.")
    (forward-char "&optional N"
     "Move point N characters forward (one if N is nil; back if negative).
Signal `beginning-of-buffer' or `end-of-buffer' at the edge.")
    (forward-line "&optional N"
     "Move N lines forward (back if negative) to the start of a line.
Return how many lines it could not move.")
    (frexp "X"
     "(SIGNIFICAND . EXPONENT) of the number X: X is SIGNIFICAND times 2 to
the power EXPONENT, SIGNIFICAND being between 0.5 and 1 in size.")
    (generate-new-buffer "NAME &optional INHIBIT-BUFFER-HOOKS"
     "A new buffer whose name is NAME made unique by
`generate-new-buffer-name'.")
    (generate-new-buffer-name "NAME &optional IGNORE"
     "NAME if no buffer has it, else NAME<2>, NAME<3>... the first one
unused; IGNORE is a name that may be returned even if taken.")
    (get-load-suffixes ""
     "The suffixes `load' tries after a file name: each of `load-suffixes'
followed by each of `load-file-rep-suffixes'.")
    (get-buffer "BUFFER-OR-NAME"
     "The live buffer named BUFFER-OR-NAME, or that buffer itself; nil if
there is none.")
    (get-buffer-create "BUFFER-OR-NAME &optional INHIBIT-BUFFER-HOOKS"
     "The buffer named BUFFER-OR-NAME, made if there is none.")
    (get-char-code-property "CHAR PROPNAME"
     "The value of the Unicode property PROPNAME of character CHAR.")
    (get-internal-run-time ""
     "The processor time this program has used, as a Lisp timestamp.")
    (get-text-property "POSITION PROP &optional OBJECT"
     "The value of property PROP of the character at POSITION in OBJECT (a
string; the current buffer if nil).")
    (getenv "VARIABLE &optional FRAME"
     "The value of the environment variable VARIABLE, or nil if it is not
set.  FRAME is ignored.")
    (goto-char "POSITION"
     "Move point to POSITION, a number or a marker, kept within the
accessible text.  Return POSITION.")
    (hash-table-keys nil
     "The keys of HASH-TABLE, in its order.")
    (hash-table-rehash-size "TABLE"
     "How much TABLE grows by when full.")
    (hash-table-rehash-threshold "TABLE"
     "How full TABLE may get before it grows.")
    (hash-table-size "TABLE"
     "How many entries TABLE has room for now.")
    (hash-table-test "TABLE"
     "The test TABLE compares keys with: eq, eql, equal or a name given to
`define-hash-table-test'.")
    (hash-table-values nil
     "The values of HASH-TABLE, in its order.")
    (hash-table-weakness "TABLE"
     "The weakness of TABLE: nil, key, value, key-or-value or
key-and-value.")
    (heap-blocks ""
     "marrow's own: a list (KIND LIVE-BYTES FREE-BYTES) for each block of
the heap and each large object; nil when the heap is not marrow's own.")
    (heap-map "FILE"
     "marrow's own: collect garbage, then draw the heap into FILE as an SVG
picture of its blocks and what they hold.")
    (indirect-function "OBJECT &optional NOERROR"
     "The definition OBJECT's chain of function aliases ends at, or nil if
it ends at a void function; OBJECT itself if it is not a symbol.
NOERROR is ignored.")
    (insert "&rest ARGS"
     "Insert ARGS, strings and characters, at point, which ends after them.")
    (insert-before-markers "&rest ARGS"
     "Insert ARGS at point as `insert' does, and move every marker at point
to after the new text.")
    (insert-buffer-substring "BUFFER &optional START END"
     "Insert the text of BUFFER between START and END (its accessible text
by default) at point in the current buffer.")
    (insert-char "CHARACTER &optional COUNT INHERIT"
     "Insert COUNT (one if nil) copies of CHARACTER at point.  INHERIT is
ignored.")
    (insert-file-contents "FILENAME &optional VISIT BEG END REPLACE"
     "Insert the contents of file FILENAME after point, decoded as UTF-8;
with BEG and END only those bytes.  Return (FILENAME LENGTH).")
    (insert-file-contents-literally "FILENAME &optional VISIT BEG END REPLACE"
     "Insert the contents of file FILENAME after point as it is, each byte
a raw byte.  Return (FILENAME LENGTH).")
    (interactive "&optional ARG-DESCRIPTOR &rest MODES"
     "Declare the function whose body starts with it a command, and how its
arguments are read when called interactively.  Outside that place, it
is an error to evaluate.")
    (internal--restore-buffer "BUFFER"
     "marrow's own, for `save-current-buffer': make BUFFER current again if
it is still live.")
    (internal--restore-excursion "STATE"
     "marrow's own, for `save-excursion': make current again the buffer
STATE names and move point back to where STATE keeps it.")
    (internal--case-replace "START END STRING"
     "marrow's own, for the case commands: put STRING, as many characters,
in place of the text between START and END, in place: point, markers and
text properties stay.  The change hooks see the whole region before, and
after only the stretch that changed, if any did.")
    (internal--replace-keeping-markers "START END STRING"
     "Put STRING in place of the text between START and END, leaving point
and the markers where they were, as the case commands do when casing
changes the text's length.")
    (internal--restore-restriction "STATE"
     "marrow's own, for `save-restriction': put back the narrowing STATE
keeps.")
    (internal--interval-boundary-p "POS"
     "Non-nil when text inserted at POS would not be inside one interval
of the current buffer's text properties (insert-and-inherit's helper).")
    (internal--join-inherited "START END INSIDE"
     "Make the interval of text without properties of its own that
insert-and-inherit put from START to END one with the interval it
joins, as Emacs's insertion makes it.")
    (internal--set-intervals "INTERVALS"
     "marrow's own, for the case commands: make the current buffer's text
property intervals INTERVALS, listed as `object-intervals' lists them.")
    (internal--save-excursion ""
     "marrow's own, for `save-excursion': the current buffer and point, kept
as a marker, for `internal--restore-excursion'.")
    (internal--save-restriction ""
     "marrow's own, for `save-restriction': the current buffer's narrowing,
kept as markers, for `internal--restore-restriction'.")
    (undo-boundary ""
     "Mark a boundary between units of undo: an undo stops there, and the
next one goes on to the boundary before it.")
    (buffer-enable-undo "&optional BUFFER"
     "Start keeping undo information for BUFFER (the current buffer if nil).")
    (replace-buffer-contents "SOURCE &optional MAX-SECS MAX-COSTS"
     "Replace the accessible portion of the current buffer with that of
SOURCE (a buffer or the name of one), changing only what differs, so
that the text, markers and properties that stay keep their place.
Return t, or nil if comparing took longer than MAX-SECS seconds and the
text was replaced whole.  MAX-COSTS is accepted for Emacs's sake; the
comparison always finds a smallest set of changes.")
    (kill-buffer "&optional BUFFER-OR-NAME"
     "Kill BUFFER-OR-NAME (the current buffer if nil): its text is freed and
its markers point nowhere.  Return t, or nil if it was killed already.")
    (kill-emacs "&optional ARG"
     "Exit this program after running `kill-emacs-hook', with status ARG if
it is an integer, else 0.")
    (lax-plist-get "PLIST PROP"
     "The value of PROP in the property list PLIST, comparing properties with
`equal'.")
    (lax-plist-put "PLIST PROP VAL"
     "Set PROP to VAL in the property list PLIST, comparing properties with
`equal'; return the list, which may be a new one.")
    (ldexp "SGNFCAND EXPONENT"
     "The float SGNFCAND times 2 to the power EXPONENT.")
    (length< "SEQUENCE LENGTH"
     "Whether SEQUENCE is shorter than LENGTH, counting only as far as
needed on a list.")
    (length= "SEQUENCE LENGTH"
     "Whether SEQUENCE has exactly LENGTH elements, counting only as far as
needed on a list.")
    (length> "SEQUENCE LENGTH"
     "Whether SEQUENCE is longer than LENGTH, counting only as far as needed
on a list.")
    (line-beginning-position "&optional N"
     "The position of the start of the current line, or with N of the line
N - 1 lines further on.  Point does not move.")
    (line-end-position "&optional N"
     "The position of the end of the current line, or with N of the line
N - 1 lines further on.  Point does not move.")
    (line-number-at-pos "&optional POSITION ABSOLUTE"
     "The line number of POSITION (point if nil), counted from the start of
the accessible text, or of the buffer with ABSOLUTE.")
    (log10 "X"
     "The base-10 logarithm of X.")
    (logb "ARG"
     "The binary exponent of ARG: the floor of its base-2 logarithm, an
integer.")
    (looking-at "REGEXP"
     "Whether the text after point matches REGEXP; the match data is set.")
    (looking-at-p "REGEXP"
     "Whether the text after point matches REGEXP, leaving the match data
alone.")
    (macrop "OBJECT"
     "Whether OBJECT is a macro, or a symbol defined as one (an autoloaded
macro included).")
    (make-bool-vector "LENGTH INIT"
     "A new bool-vector of LENGTH elements, each INIT (as nil or t).")
    (make-byte-code "ARGLIST BYTE-CODE CONSTANTS DEPTH &optional DOCSTRING INTERACTIVE-SPEC &rest ELEMENTS"
     "A byte-code function object with these slots, checked when it is
first called.")
    (make-closure "PROTOTYPE &rest CLOSURE-VARS"
     "A copy of the byte-code function PROTOTYPE whose first constants are
CLOSURE-VARS: how compiled code makes closures.")
    (make-char-table "PURPOSE &optional INIT"
     "A new char-table for PURPOSE, every character's value INIT; PURPOSE's
`char-table-extra-slots' property says how many extra slots it has.")
    (make-directory "DIR &optional PARENTS"
     "Make the directory DIR; with PARENTS, also the directories above it
that are missing, and no error if DIR exists already.")
    (make-marker ""
     "A new marker that points nowhere.")
    (make-record "TYPE SLOTS INIT"
     "A new record of type TYPE with SLOTS further slots, each INIT.")
    (make-temp-file "PREFIX &optional DIR-FLAG SUFFIX TEXT"
     "Make a new empty file (a directory with DIR-FLAG) whose name starts
with PREFIX, in `temporary-file-directory' unless PREFIX is absolute,
and ends with SUFFIX; write TEXT into it if given.  Return its name.")
    (make-temp-name "PREFIX"
     "PREFIX followed by random characters, a file name nobody uses now.")
    (map-char-table "FUNCTION CHAR-TABLE"
     "Call FUNCTION with each character, or (FROM . TO) run of characters,
that CHAR-TABLE gives a non-nil value, and that value.")
    (marrow--obarray-symbols "OBARRAY"
     "The symbols of OBARRAY (not the symbol table) in the order Emacs's
completion functions meet them: slot by slot from the first, each
slot's from the one interned last.")
    (mapatoms "FUNCTION &optional OBARRAY"
     "Call FUNCTION on every symbol interned in OBARRAY (the standard one if
nil).")
    (marker-buffer "MARKER"
     "The buffer MARKER points into, or nil if it points nowhere.")
    (marker-insertion-type "MARKER"
     "MARKER's insertion type: t if text inserted at it goes before it, nil
if after.")
    (marker-position "MARKER"
     "The position MARKER points at, or nil if it points nowhere.")
    (markerp "OBJECT"
     "Whether OBJECT is a marker.")
    (marrow--docstring-from-file "FILE POSITION"
     "marrow's own, for `documentation': the docstring a compiled file FILE
keeps at byte POSITION, which a byte-code function's docstring slot
names as (FILE . POSITION).")
    (marrow--eval-text "HEAD OUTPUT PRINTFLAG COOKIE NEXT NAME"
     "marrow's own, for `eval-buffer' and `eval-region': evaluate the forms
NEXT returns, each in a list, until it returns something else, as `load'
evaluates a file's, with `standard-output' bound to OUTPUT, each value
printed if PRINTFLAG, what they define filed in `load-history' under
NAME; with COOKIE, `lexical-binding' as HEAD's first line sets it.")
    (marrow--read-file-bytes "FILE"
     "marrow's own: the bytes of file FILE as a unibyte string.")
    (match-string-no-properties "NUM &optional STRING"
     "The text the last match (or its group NUM) matched, without text
properties; taken from STRING if the match was in it.")
    (max-char ""
     "The largest character code, #x3FFFFF.")
    (md5 "OBJECT &optional START END CODING-SYSTEM NOERROR"
     "The MD5 hash of the string OBJECT (between START and END) in
hexadecimal.  marrow hashes strings only.")
    (memory-use-counts ""
     "A list of allocation counts: conses, floats, vector slots, symbols,
string characters, intervals and strings made so far.")
    (memory-limit ""
     "The memory the runtime holds, in KiB: its heap and what its objects
own outside it.  (Emacs returns the end of its data segment.)")
    (memory-info ""
     "(TOTAL-RAM FREE-RAM TOTAL-SWAP FREE-SWAP) of the system, in KiB, or
nil where they cannot be read.")
    (garbage-collect-maybe "FACTOR"
     "Collect if more than 1/FACTOR of the allocation that triggers a
collection has happened since the last one; t if it collected.
FACTOR is a natural number, and 0 never collects.")
    (move-marker "MARKER POSITION &optional BUFFER"
     "Point MARKER at POSITION in BUFFER (the current one if nil); nowhere
if POSITION is nil.  Return MARKER.")
    (multibyte-char-to-unibyte "CH"
     "The byte character CH stands for: CH itself below 256, a raw byte's
own byte, and -1 for any other character.")
    (multibyte-string-p "OBJECT"
     "Whether OBJECT is a multibyte string.")
    (narrow-to-region "START END"
     "Restrict the accessible text of the current buffer to between START and
END.")
    (nbutlast "LIST &optional N"
     "LIST without its last N elements (one if nil), shortened in place.")
    (next-property-change "POSITION &optional OBJECT LIMIT"
     "The next position after POSITION in OBJECT (a string; the current
buffer if nil) where some text property changes, or nil (LIMIT if
given) if there is none.")
    (next-single-property-change "POSITION PROP &optional OBJECT LIMIT"
     "The next position after POSITION in OBJECT (a string; the current
buffer if nil) where property PROP changes, or nil (LIMIT if given).")
    (number-sequence "FROM &optional TO INC"
     "The list of numbers from FROM to TO, stepping by INC (one if nil); just
(FROM) if TO is nil.")
    (plist-get "PLIST PROP"
     "The value of PROP in the property list PLIST, comparing properties with
`eq'; nil if it is not there.")
    (plist-member "PLIST PROP"
     "The tail of PLIST that starts with PROP, or nil.")
    (plist-put "PLIST PROP VAL"
     "Set PROP to VAL in the property list PLIST, adding it at the end if
absent; return the list, which may be a new one.")
    (point ""
     "The position of point in the current buffer.")
    (point-marker ""
     "A new marker at point.")
    (point-max ""
     "The end of the accessible text of the current buffer.")
    (point-max-marker ""
     "A new marker at `point-max'.")
    (point-min ""
     "The start of the accessible text of the current buffer.")
    (point-min-marker ""
     "A new marker at `point-min'.")
    (preceding-char ""
     "The character before point, or 0 at the start of the buffer.")
    (previous-property-change "POSITION &optional OBJECT LIMIT"
     "The position before POSITION in OBJECT (a string; the current buffer
if nil) where some text property last changes, or nil (LIMIT).")
    (previous-single-property-change "POSITION PROP &optional OBJECT LIMIT"
     "The position before POSITION in OBJECT (a string; the current buffer
if nil) where property PROP last changes, or nil (LIMIT).")
    (print--preprocess "OBJECT"
     "Note in `print-number-table' which parts of OBJECT are met more than
once, as printing with `print-circle' would; do nothing when
`print-circle' is nil.")
    (propertize "STRING &rest PROPERTIES"
     "A copy of STRING with the text properties PROPERTIES, a plist, on all
its characters.")
    (put-text-property "START END PROPERTY VALUE &optional OBJECT"
     "Set property PROPERTY to VALUE on the text of OBJECT (a string; the
current buffer if nil) from START to END.")
    (re-search-backward "REGEXP &optional BOUND NOERROR COUNT"
     "Search back from point for a match of REGEXP that ends before BOUND...
(a start at or after BOUND); see `search-backward' for NOERROR and
COUNT.  Point goes to the match's start, and the match data is set.")
    (re-search-forward "REGEXP &optional BOUND NOERROR COUNT"
     "Search forward from point for a match of REGEXP ending before BOUND
(the end of the accessible text if nil).  Point goes to its end.
NOERROR and COUNT are as for `search-forward'.")
    (posix-search-forward "REGEXP &optional BOUND NOERROR COUNT"
     "Like `re-search-forward', but of the matches that start first, take the
longest, as POSIX asks; among equally long ones the first found.")
    (posix-search-backward "REGEXP &optional BOUND NOERROR COUNT"
     "Like `re-search-backward', but the longest match at the start found,
as POSIX asks.")
    (posix-looking-at "REGEXP"
     "Like `looking-at', but the longest match of REGEXP at point, as POSIX
asks.")
    (posix-string-match "REGEXP STRING &optional START"
     "Like `string-match', but of the matches that start first, the longest,
as POSIX asks.")
    (read-from-minibuffer "PROMPT &optional INITIAL-CONTENTS KEYMAP READ HIST DEFAULT-VALUE INHERIT-INPUT-METHOD"
     "Read a line from standard input, after writing PROMPT; return it as a
string (or, with READ, the object it holds).")
    (read-string "PROMPT &optional INITIAL-INPUT HISTORY DEFAULT-VALUE INHERIT-INPUT-METHOD"
     "Read a line from standard input, after writing PROMPT, and return it.")
    (record "TYPE &rest SLOTS"
     "A new record of type TYPE whose further slots hold SLOTS.")
    (remove-list-of-text-properties "START END LIST-OF-PROPERTIES &optional OBJECT"
     "Remove the properties named in LIST-OF-PROPERTIES from the text of
OBJECT between START and END.  Return t if anything changed.")
    (remove-text-properties "START END PROPERTIES &optional OBJECT"
     "Remove the properties named in the plist PROPERTIES (its values are
ignored) from the text of OBJECT between START and END.")
    (replace-match "NEWTEXT &optional FIXEDCASE LITERAL STRING SUBEXP"
     "Replace the text the last match (or its group SUBEXP) matched by
NEWTEXT, with \\& and \\N replaced unless LITERAL, and its case adapted
unless FIXEDCASE; in STRING if given (returning the new string), else
in the buffer.")
    (search-backward "STRING &optional BOUND NOERROR COUNT"
     "Search back from point for STRING, starting no earlier than BOUND.
Point goes to its start.  A failure is an error unless NOERROR (with
NOERROR neither nil nor t, point moves to BOUND); COUNT searches that
many times.")
    (search-forward "STRING &optional BOUND NOERROR COUNT"
     "Search forward from point for STRING, ending no later than BOUND.
Point goes to its end.  A failure is an error unless NOERROR (with
NOERROR neither nil nor t, point moves to BOUND); COUNT searches that
many times.")
    (secure-hash "ALGORITHM OBJECT &optional START END BINARY"
     "The hash of the string OBJECT (between START and END) by ALGORITHM
(md5, sha1, sha224, sha256, sha384 or sha512), in hexadecimal, or as
bytes with BINARY.  marrow hashes strings only.")
    (restore-buffer-modified-p "FLAG"
     "Mark the current buffer modified if FLAG, else unmodified, as
`set-buffer-modified-p' does (there being no mode line to update).")
    (secure-hash-algorithms ""
     "The algorithms `secure-hash' knows.")
    (set-buffer "BUFFER-OR-NAME"
     "Make BUFFER-OR-NAME the current buffer, for the running command.")
    (set-buffer-modified-p "FLAG"
     "Mark the current buffer modified if FLAG, else unmodified.")
    (set-buffer-multibyte "FLAG"
     "Make the current buffer's text multibyte if FLAG, else unibyte,
keeping its bytes: going unibyte each character becomes its bytes;
going multibyte the bytes are read as characters, or with FLAG `to'
each byte stays a character of its own.  Point, markers and text
properties move with the bytes.  The buffer must not be narrowed.
Return FLAG.")
    (set-char-table-extra-slot "CHAR-TABLE N VALUE"
     "Set extra slot N of CHAR-TABLE to VALUE.")
    (set-char-table-parent "CHAR-TABLE PARENT"
     "Make PARENT, a char-table or nil, the parent of CHAR-TABLE.")
    (set-char-table-range "CHAR-TABLE RANGE VALUE"
     "Give RANGE in CHAR-TABLE the value VALUE: RANGE is a character,
(FROM . TO), nil for the default value or t for every character.")
    (set-file-times "FILENAME &optional TIMESTAMP FLAG"
     "Set the access and modification times of FILENAME to TIMESTAMP (nil:
now); FLAG `nofollow' sets those of a symbolic link itself.")
    (set-marker "MARKER POSITION &optional BUFFER"
     "Point MARKER at POSITION in BUFFER (the current one if nil); nowhere
if POSITION is nil.  Return MARKER.")
    (set-marker-insertion-type "MARKER TYPE"
     "Set MARKER's insertion type: with TYPE non-nil it advances over text
inserted at it.")
    (set-text-properties "START END PROPERTIES &optional OBJECT"
     "Replace all the text properties of OBJECT's text between START and END
by PROPERTIES, a plist (none if nil).")
    (setenv "VARIABLE &optional VALUE SUBSTITUTE-ENV-VARS"
     "Set the environment variable VARIABLE to VALUE, or unset it if VALUE
is nil.")
    (setplist "SYMBOL NEWPLIST"
     "Make NEWPLIST the property list of SYMBOL.")
    (sha1 "OBJECT &optional START END BINARY"
     "The SHA-1 hash of the string OBJECT (between START and END) in
hexadecimal, or as bytes with BINARY.  marrow hashes strings only.")
    (skip-chars-backward "STRING &optional LIM"
     "Move point back over characters in the set STRING (as inside [...] in
a regexp), no further than LIM.  Return how far it moved.")
    (skip-chars-forward "STRING &optional LIM"
     "Move point forward over characters in the set STRING (as inside [...]
in a regexp), no further than LIM.  Return how far it moved.")
    (sleep-for "SECONDS &optional MILLISECONDS"
     "Wait SECONDS seconds (a float is allowed), plus MILLISECONDS.")
    (special-form-p "OBJECT"
     "Whether OBJECT is a special form or a symbol whose function is one.")
    (special-variable-p "SYMBOL"
     "Whether SYMBOL was declared special, by `defvar' or `defconst'.")
    (string "&rest CHARACTERS"
     "A new string of CHARACTERS.")
    (string-as-multibyte "STRING"
     "STRING's bytes taken as a multibyte string: valid sequences become
characters, other bytes raw bytes.")
    (string-as-unibyte "STRING"
     "STRING's bytes as a unibyte string, a raw byte standing for itself.")
    (string-bytes "STRING"
     "The number of bytes STRING takes.")
    (string-distance "STRING1 STRING2 &optional BYTECOMPARE"
     "The Levenshtein distance between STRING1 and STRING2, counted in
characters, or in bytes with BYTECOMPARE.")
    (string-make-multibyte "STRING"
     "A unibyte STRING with bytes above 127 as a multibyte string of
raw-byte characters; any other STRING itself.")
    (string-make-unibyte "STRING"
     "A multibyte STRING as a unibyte one: each character becomes one byte,
a raw byte its own, any other its low 8 bits.")
    (string-to-multibyte "STRING"
     "STRING as a multibyte string, each byte of a unibyte one above 127
becoming a raw-byte character.")
    (string-to-unibyte "STRING"
     "STRING as a unibyte string: an error if it has a character that is
neither ASCII nor a raw byte.")
    (string-version-lessp "STRING1 STRING2"
     "Whether STRING1 sorts before STRING2, comparing runs of digits in them
as numbers.")
    (subr-arity "SUBR"
     "(MIN . MAX): how many arguments the primitive SUBR takes; MAX is
`many' or `unevalled' for those that take any number.")
    (sxhash-eql "OBJ"
     "A hash code of OBJ for `eql' tables.")
    (system-name ""
     "The name of the machine.")
    (format-mode-line "FORMAT &optional FACE WINDOW BUFFER"
     "The text FORMAT, a mode line construct, stands for in the mode line of
WINDOW showing BUFFER: always \"\" in marrow, which has no display, as
in Emacs without one (in batch).  WINDOW must be nil, marrow having no
windows.")
    (object-intervals "OBJECT"
     "The intervals of OBJECT's text properties, a string or a buffer (all
of it, narrowed or not), as a list of (START END PLIST), START and END
counted from 0, with every interval as the text's operations left it
(neighbours with equal plists stay apart); nil when it has none.")
    (text-properties-at "POSITION &optional OBJECT"
     "The property list of the character at POSITION in OBJECT (a string;
the current buffer if nil).")
    (time-add "A B"
     "The sum of the times A and B.")
    (time-convert "TIME &optional FORM"
     "TIME in the form FORM asks for: integer, list, t for (TICKS . HZ), or
a frequency HZ.")
    (time-equal-p "A B"
     "Whether the times A and B are equal.")
    (time-less-p "A B"
     "Whether time A is before time B.")
    (time-subtract "A B"
     "The time A minus the time B.")
    (unibyte-char-to-multibyte "CH"
     "The character for byte CH: CH itself if ASCII, else the raw byte.")
    (unibyte-string "&rest BYTES"
     "A new unibyte string of BYTES.")
    (unintern "NAME OBARRAY"
     "Remove the symbol NAME (or named NAME) from OBARRAY; return t if there
was one.")
    (upcase-initials "OBJ"
     "OBJ, a string or character, with the first letter of each word upper
case, the other letters as they were.")
    (user-full-name "&optional UID"
     "The value of `user-full-name' without UID; else the real name from
the password database of user UID (a number) or of the login name UID,
nil when there is no such user.")
    (user-login-name "&optional UID"
     "The value of `user-login-name' without UID; else the login name of
user UID, nil when there is none.")
    (user-real-login-name ""
     "The value of `user-real-login-name': the login name of the real user.")
    (user-real-uid ""
     "The real user ID.")
    (user-uid ""
     "The effective user ID.")
    (group-gid ""
     "The effective group ID.")
    (group-name "GID"
     "The name of group GID, or nil when there is no such group.")
    (group-real-gid ""
     "The real group ID.")
    (vector-free-lists ""
     "marrow's own: the state of the heap's vector allocator, (:policy NAME
:counts [N0 N1 ...] :hint H :bitmap [W0 ...]); nil when the heap is
not marrow's own.")
    (wholenump "OBJECT"
     "Whether OBJECT is a non-negative integer.")
    (widen ""
     "Make all the text of the current buffer accessible again.")
    (json-serialize "OBJECT &rest ARGS"
     "The JSON text of OBJECT, a string.  t is true, a number a number, a
string a string, a vector an array; a hash table (of string keys), an
alist or a plist (of symbol keys, a plist's keywords losing their colon,
the first of a repeated key winning) an object, nil being the empty one.
ARGS are keyword arguments: :null-object and :false-object name the
objects written as null and false (:null and :false by default).")
    (json-insert "OBJECT &rest ARGS"
     "Insert the JSON text of OBJECT at point, as `json-serialize' makes it.")
    (json-parse-string "STRING &rest ARGS"
     "The Lisp value of the JSON text STRING: true is t, numbers numbers,
strings strings.  ARGS are keyword arguments: :object-type is
`hash-table' (the default; keys are strings, the test `equal'), `alist'
or `plist' (keys are symbols, keywords in a plist); :array-type is
`array' (vectors, the default) or `list'; :null-object and :false-object
are what null and false become (:null and :false by default).  Text that
is not one JSON value signals `json-parse-error' or one of its kinds.")
    (json-parse-buffer "&rest args"
     "The Lisp value of the JSON text at point in the current buffer, as
`json-parse-string' reads it (same ARGS).  Point moves past the value
if it was read; text after it is left alone.")
    (write-char "CHARACTER &optional PRINTCHARFUN"
     "Print CHARACTER on PRINTCHARFUN (default `standard-output').")
    (write-region "START END FILENAME &optional APPEND VISIT LOCKNAME MUSTBENEW"
     "Write the text between START and END (all of it if START is nil; a
string START itself) to file FILENAME, appended if APPEND.")
    (file-attributes "FILENAME &optional ID-FORMAT"
     "The attributes of file FILENAME, a symbolic link not followed, or nil
if there is none: (TYPE LINKS UID GID ATIME MTIME CTIME SIZE MODES t
INODE DEVICE), TYPE t for a directory and the target for a symbolic
link, UID and GID names when ID-FORMAT is `string'.  The
`file-attribute-' functions take them apart.")
    (file-modes "FILENAME &optional FLAG"
     "The permission bits of file FILENAME (of a symbolic link itself when
FLAG is `nofollow'), or nil if there is no such file.")
    (set-file-modes "FILENAME MODE &optional FLAG"
     "Give file FILENAME the permission bits MODE (a symbolic link itself
when FLAG is `nofollow').")
    (default-file-modes ""
     "The permission bits new files get: those the umask does not take away.")
    (set-default-file-modes "MODE"
     "Set the umask so that new files get at most the permission bits MODE.")
    (visited-file-modtime ""
     "The modification time of the visited file when the buffer last read
or wrote it, as a Lisp time: 0 if unknown (or no file is visited), -1
if the file did not exist.")
    (set-visited-file-modtime "&optional TIME-FLAG"
     "Note the visited file's modification time as it is now (leaving it
if the file is missing), or TIME-FLAG: a Lisp time, 0 for unknown, -1
for a file that does not exist.")
    (verify-visited-file-modtime "&optional BUF"
     "Whether BUF's visited file (the current buffer's if nil) is unchanged
since BUF read or wrote it: same time and size.  t also when BUF
visits no file or the time is unknown."))
  "(NAME USAGE DOC) for each documented primitive.")

(defconst subr-doc--table
  (let ((table (make-hash-table :test 'eq)))
    (dolist (entry subr-doc--entries)
      (puthash (car entry) (cdr entry) table))
    table)
  "Each primitive's (USAGE DOC), by name.")

(provide 'subr-doc)

;;; subr-doc.el ends here
