;;; subr-doc.el --- what `documentation' says of marrow's primitives  -*- lexical-binding: t -*-

;; The documentation of the functions and special forms written in C,
;; in marrow's own words, loaded the first time `documentation' or
;; `help-function-arglist' asks about a primitive.  An entry is
;; (NAME USAGE DOC): USAGE is the argument list as Emacs shows it in the
;; "(fn ...)" line that ends a primitive's documentation, upper case,
;; with `...' after an argument that may repeat; nil where Emacs shows
;; none, as for its functions written in Lisp without one.
;;
;; A primitive added in C gets its entry here; tests/lisp/doc-tests.el
;; checks that the entries name primitives.

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
    (string= "S1 S2"
     "Non-nil when S1 and S2 have the same characters.  Symbols stand for
their names; text properties do not count.")
    (string-equal "S1 S2"
     "Non-nil when S1 and S2 have the same characters (see `string=').")
    (string< "STRING1 STRING2"
     "Non-nil when STRING1 sorts before STRING2, comparing characters by
code.  Symbols stand for their names.")
    (string-lessp "STRING1 STRING2"
     "Non-nil when STRING1 sorts before STRING2 (see `string<').")
    (string> "STRING1 STRING2"
     "Non-nil when STRING1 sorts after STRING2.")
    (string-greaterp "STRING1 STRING2"
     "Non-nil when STRING1 sorts after STRING2 (see `string>').")
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
with the suffixes .el and none (unless NOSUFFIX or MUST-SUFFIX says
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
    (subr-name "SUBR"
     "The name of the primitive SUBR, a string.")
    (func-arity "FUNCTION"
     "(MIN . MAX): how many arguments FUNCTION accepts; MAX is `many' for
a &rest argument and `unevalled' for a special form."))
  "(NAME USAGE DOC) for each documented primitive.")

(defconst subr-doc--table
  (let ((table (make-hash-table :test 'eq)))
    (dolist (entry subr-doc--entries)
      (puthash (car entry) (cdr entry) table))
    table)
  "Each primitive's (USAGE DOC), by name.")

(provide 'subr-doc)

;;; subr-doc.el ends here
