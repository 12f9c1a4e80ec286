;;; misc-libs-tests.el --- dom, env, format-spec flags, timer arithmetic and more  -*- lexical-binding: t -*-

(require 'ert)
(require 'dom)
(require 'env)
(require 'format-spec)
(require 'subr-x)
(require 'cl-lib)
(require 'rmc)

;;; format-spec's flag helpers

(ert-deftest misc-libs-format-spec-flag-keywords ()
  (should (equal (format-spec--parse-flags "^-0") '(:upcase :pad-right :pad-zero)))
  (should (equal (format-spec--parse-flags "<<") '(:chop-left :chop-left)))
  (should-not (format-spec--parse-flags "  q")))

(ert-deftest misc-libs-format-spec-do-flags ()
  ;; Truncation first, then padding, then case.
  (should (equal (format-spec--do-flags "Hello" '(:upcase) 7 3) "    HEL"))
  (should (equal (format-spec--do-flags "Hello" '(:chop-left :pad-zero :pad-right) 4 3) "llo0"))
  ;; :chop-left wins over :chop-right, :upcase over :downcase.
  (should (equal (format-spec--do-flags "abcdef" '(:chop-right :chop-left) 2 nil) "ef"))
  (should (equal (format-spec--do-flags "aB" '(:downcase :upcase) nil nil) "AB"))
  (should (equal (format-spec "[%>3.5x]" '((?x . "abcdefgh"))) "[abc]")))

;;; string-limit with a coding system

(ert-deftest misc-libs-string-limit-no-signature-per-character ()
  (should (equal (string-limit "añb" 3 nil 'utf-8-with-signature) "a\303\261"))
  (should (equal (string-limit "añb" 2 t 'utf-16) "\0b"))
  (should (equal (string-limit "añb" 10 nil 'utf-16le) "a\0\361\0b\0")))

;;; Backquote

(ert-deftest misc-libs-backquote-vector-in-dotted-tail ()
  (let ((x 7) (l '(1 2)))
    (should (equal `(a . [,x b]) '(a . [7 b])))
    (should (equal `((k . [9 ,l]) (z)) '((k . [9 (1 2)]) (z))))
    (should (equal `(a . [,@l 3]) '(a . [1 2 3])))
    (should (equal `(a . [b c]) '(a . [b c])))))

;;; Change hooks that exit nonlocally

(ert-deftest misc-libs-failing-after-change-hook-is-cleared ()
  (with-temp-buffer
    (let ((calls 0))
      (setq-local after-change-functions
                  (list (lambda (&rest _) (setq calls (1+ calls)) (error "Oops"))))
      (should-error (insert "x"))
      (should (equal (buffer-string) "x"))
      (should-not after-change-functions)
      (insert "y")
      (should (= calls 1)))))

(ert-deftest misc-libs-throwing-before-change-hook-is-cleared ()
  (with-temp-buffer
    (setq-local before-change-functions (list (lambda (&rest _) (throw 'out 'thrown))))
    (should (eq (catch 'out (insert "x")) 'thrown))
    (should-not before-change-functions)
    (insert "z")
    (should (equal (buffer-string) "z"))))

(ert-deftest misc-libs-finished-change-hook-is-kept ()
  (with-temp-buffer
    (let ((seen nil))
      (setq-local after-change-functions (list (lambda (b e _) (push (cons b e) seen))))
      (insert "ab")
      (should after-change-functions)
      (should (equal seen '((1 . 3)))))))

;;; Timers

(ert-deftest misc-libs-timer-next-integral-multiple ()
  (should (time-equal-p (timer-next-integral-multiple-of-time 10 4) 12))
  (should (time-equal-p (timer-next-integral-multiple-of-time 12 4) 16))
  (should (time-equal-p (timer-next-integral-multiple-of-time '(1 . 4) 0.5) 0.5))
  ;; Before the epoch, the count of steps is cut toward zero.
  (should (time-equal-p (timer-next-integral-multiple-of-time -7 2) -4))
  (should (equal (timer-next-integral-multiple-of-time '(0 3 0 0) 2) '(0 4 0 0)))
  (should-error (timer-next-integral-multiple-of-time 1 'x) :type 'wrong-type-argument))

(ert-deftest misc-libs-input-pending-p-runs-due-timers ()
  (let* ((ran nil)
         (timer (run-at-time '(0 0 0 0) nil (lambda () (setq ran t)))))
    (unwind-protect
        (progn
          (should-not ran)
          (should-not (input-pending-p))
          (should-not ran)
          (should-not (input-pending-p t))
          (should ran))
      (cancel-timer timer))))

;;; env.el

(ert-deftest misc-libs-substitute-env-vars ()
  (with-environment-variables (("MISC_LIBS_A" "aa") ("MISC_LIBS_E" ""))
    (should (equal (substitute-env-vars "x/$MISC_LIBS_A/${MISC_LIBS_A}y") "x/aa/aay"))
    (should (equal (substitute-env-vars "$$MISC_LIBS_A $$") "$MISC_LIBS_A $"))
    (should (equal (substitute-env-vars "<$MISC_LIBS_E>") "<>"))
    (should (equal (substitute-env-vars "a$MISC_LIBS_NONE-b") "a-b"))
    (should (equal (substitute-env-vars "a$MISC_LIBS_NONE-b" t) "a$MISC_LIBS_NONE-b"))
    (should (equal (substitute-env-vars "${MISC_LIBS_NONE}" #'downcase) "misc_libs_none"))
    (should (equal (substitute-env-vars "${} $ ${x") "${} $ ${x"))
    (should (equal (substitute-env-in-file-name "~/$MISC_LIBS_A/$MISC_LIBS_NONE")
                   "~/aa/$MISC_LIBS_NONE"))))

(ert-deftest misc-libs-with-environment-variables-restores ()
  (let ((before (copy-sequence process-environment)))
    (with-environment-variables (("MISC_LIBS_B" "1"))
      (should (equal (getenv "MISC_LIBS_B") "1")))
    (should (equal process-environment before))
    (should-not (getenv "MISC_LIBS_B"))))

(ert-deftest misc-libs-setenv-substitutes ()
  (with-environment-variables (("MISC_LIBS_C" "c"))
    (should (equal (setenv "MISC_LIBS_D" "<$MISC_LIBS_C>" t) "<c>"))
    (should (equal (getenv "MISC_LIBS_D") "<c>"))
    (should (equal (setenv "MISC_LIBS_D" "<$MISC_LIBS_C>") "<$MISC_LIBS_C>"))))

;;; dom.el

(defun misc-libs--page ()
  (dom-node 'page nil
            (dom-node 'top '((id . "t1")) "Hi")
            (dom-node 'main '((class . "wide dark"))
                      "a"
                      (dom-node 'item '((id . "i1")) "b")
                      (dom-node 'script nil "code")
                      "c"
                      (dom-node 'item '((id . "i2") (style . "bold")) "d"))))

(ert-deftest misc-libs-dom-access ()
  (let ((page (misc-libs--page)))
    (should (eq (dom-tag page) 'page))
    (should (eq (dom-tag (dom-children page)) 'top))
    (should (equal (dom-attr (dom-by-id page "i2") 'style) "bold"))
    (should (equal (dom-text (dom-child-by-tag page 'main)) "a c"))
    (should (equal (dom-texts page) "Hi a b  c d"))
    (should (equal (dom-texts page "/") "Hi/a/b//c/d"))
    (should (equal (dom-strings page) '("Hi" "a" "b" "code" "c" "d")))
    (should (equal (mapcar #'dom-tag (dom-by-tag page 'item)) '(item item)))
    (should (equal (mapcar (lambda (n) (dom-attr n 'id)) (dom-by-id page "i"))
                   '("i1" "i2")))
    (should (eq (dom-tag (dom-by-class page "dark")) 'main))
    (should-not (dom-by-style page "italic"))
    (should (equal (mapcar #'dom-tag (dom-search page (lambda (n) (dom-attr n 'id))))
                   '(top item item)))
    (should (equal (mapcar #'dom-tag (dom-non-text-children (dom-child-by-tag page 'main)))
                   '(item script item)))))

(ert-deftest misc-libs-dom-family ()
  (let* ((page (misc-libs--page))
         (main (dom-child-by-tag page 'main))
         (script (dom-child-by-tag main 'script)))
    (should (eq (dom-parent page script) main))
    (should-not (dom-parent page page))
    (should (eq (dom-tag (dom-previous-sibling page script)) 'item))
    (should (equal (dom-previous-sibling page (car (dom-children main))) nil))
    (should-not (dom-remove-node page script))
    (should-not (dom-by-tag page 'script))))

(ert-deftest misc-libs-dom-editing ()
  (let ((node (list 'box)))
    (should (equal (dom-ensure-node node) '(box nil)))
    (should (equal (dom-set-attribute node 'w 1) '((w . 1))))
    (should (equal (dom-set-attribute node 'w 2) 2))
    (dom-set-attribute node 'h 3)
    (should (equal (dom-attributes node) '((w . 2) (h . 3))))
    (should (equal (dom-remove-attribute node 'w) '((h . 3))))
    (should-not (dom-remove-attribute node 'nothing))
    (should (eq (dom-append-child node "end") node))
    (dom-add-child-before node '(first nil))
    ;; A child is found with `eq': an equal string is not it.
    (should-error (dom-add-child-before node '(second nil) (copy-sequence "end")))
    (should-error (dom-add-child-before node '(x nil) '(not-a-child nil)))
    (should (equal (dom-children node) '((first nil) "end")))
    (dom-add-child-before node '(second nil) (cadr (dom-children node)))
    (should (equal (dom-children node) '((first nil) (second nil) "end")))))

(ert-deftest misc-libs-dom-pp ()
  (with-temp-buffer
    (insert "  ")
    (dom-pp '(a ((x . 1) (y . "z")) "t" (b nil) " ") t)
    (should (equal (buffer-string)
                   "  (a ((x . 1)\n      (y . \"z\"))\n   \"t\"\n   (b nil))"))))

(ert-deftest misc-libs-dom-print ()
  (with-temp-buffer
    (dom-print '(p ((class . "c")) "1<2" (br nil) "x"))
    (should (equal (buffer-string) "<p class=\"c\">1<2<br />x</p>")))
  (with-temp-buffer
    (dom-print '(ul nil (li nil "a") (li nil (b nil "b\n"))) t)
    (should (equal (buffer-string)
                   "<ul>\n  <li>a</li>\n  <li>\n    <b>b\n    </b>\n  </li>\n</ul>"))))

;;; xml.el

(defun misc-libs--xml (text &optional parse-dtd parse-ns)
  (with-temp-buffer
    (insert text)
    (xml-parse-region nil nil nil parse-dtd parse-ns)))

(ert-deftest misc-libs-xml-parse ()
  (require 'xml)
  (should (equal (misc-libs--xml "<?xml version='1.0'?><!-- c --><r k=\"v&amp;w\"> <e/>t&lt;<![CDATA[<x>]]></r>")
                 '((r ((k . "v&w")) " " (e nil) "t<" "<x>"))))
  (should (equal (misc-libs--xml "<!DOCTYPE r [<!ENTITY % p \"P\"><!ENTITY n \"[%p;&m;]\"><!ENTITY m \"M\">]><r a='&n;'>&n;&#x41;&#66;</r>")
                 '((r ((a . "[PM]")) "[PM]AB"))))
  (should-not (misc-libs--xml "  <!-- nothing -->  "))
  (should-error (misc-libs--xml "<r></s>"))
  (should-error (misc-libs--xml "<r/><s/>"))
  (should-error (misc-libs--xml "<1r/>"))
  ;; The limit is on how much the text still to read grows: 13 - 3 here.
  (let ((xml-entity-expansion-limit 10))
    (should (equal (misc-libs--xml "<!DOCTYPE r [<!ENTITY a \"0123456789abc\">]><r>&a;</r>")
                   '((r nil "0123456789abc")))))
  (let ((xml-entity-expansion-limit 9))
    (should-error (misc-libs--xml "<!DOCTYPE r [<!ENTITY a \"0123456789abc\">]><r>&a;</r>"))
    (should-error (misc-libs--xml "<!DOCTYPE r [<!ENTITY a \"01234\"><!ENTITY b \"&a;&a;&a;&a;\">]><r x='&b;'/>")))
  (should (equal (misc-libs--xml "<!DOCTYPE r SYSTEM \"r.dtd\" [<!ELEMENT r EMPTY>]><r/>" t)
                 '((dtd "r" ("r.dtd" system) ("r" empty)) (r nil))))
  (should (equal (misc-libs--xml "<r/>" t) '(nil (r nil)))))

(ert-deftest misc-libs-xml-namespaces ()
  (require 'xml)
  (let ((doc "<p:r xmlns:p='urn:p' xmlns='urn:d'><c p:x='1' y='2'/></p:r>"))
    (should (equal (misc-libs--xml doc nil t)
                   '((("urn:p" . "r")
                      ((("http://www.w3.org/2000/xmlns/" . "p") . "urn:p")
                       (("http://www.w3.org/2000/xmlns/" . "") . "urn:d"))
                      (("urn:d" . "c") ((("urn:p" . "x") . "1") (("" . "y") . "2")))))))
    (should (equal (misc-libs--xml doc nil 'symbol-qnames)
                   '((urn:pr
                      ((("http://www.w3.org/2000/xmlns/" . "p") . "urn:p")
                       (("http://www.w3.org/2000/xmlns/" . "") . "urn:d"))
                      (urn:dc ((urn:px . "1") (y . "2")))))))
    (should (equal (misc-libs--xml "<q:a/>" nil (cons 'symbol-qnames '(("q" . "Q:"))))
                   '((Q:a nil))))))

(ert-deftest misc-libs-xml-print ()
  (require 'xml)
  (with-temp-buffer
    (xml-print '((a ((k . "<\"&'>")) "x&y" (b nil) (c nil "z"))) " ")
    (should (equal (buffer-string)
                   " <a k=\"&lt;&quot;&amp;&apos;&gt;\">x&amp;y\n   <b/>\n   <c>z</c>\n </a>")))
  (should (equal (should-error (xml-escape-string "ok\1") :type 'xml-invalid-character)
                 '(xml-invalid-character 1 3)))
  (with-temp-buffer
    (insert "a<!-- one -->b<!---->c")
    (xml-remove-comments (point-min) (point-max))
    (should (equal (buffer-string) "abc")))
  (should (equal (xml-substitute-special "&lt;&#x41;&#66;&nope;&") "<AB?&"))
  (should (equal (xml-substitute-numeric-entities "&#67;&#x44;&lt;") "C&#x44;&lt;"))
  (should-not (xml-substitute-numeric-entities nil))
  (let ((node '(n ((k . "v")) "s" (m nil) (m ((j . "1"))))))
    (should (equal (xml-get-children node 'm) '((m nil) (m ((j . "1"))))))
    (should (equal (xml-get-attribute node 'k) "v"))
    (should (equal (xml-get-attribute node 'zz) ""))
    (should-not (xml-get-attribute-or-nil node 'zz))))

;;; read-multiple-choice

(ert-deftest misc-libs-read-multiple-choice ()
  (let ((events (list ?z ?N ?? ?n))
        (prompts nil)
        (reads 0))
    (cl-letf (((symbol-function 'read-event)
               (lambda () (setq reads (1+ reads)) (pop events)))
              ((symbol-function 'ding) #'ignore)
              ((symbol-function 'message)
               (lambda (format &rest args)
                 (when format (push (apply #'format format args) prompts)))))
      (should (equal (read-multiple-choice "Go?" '((?y "yes") (?n "no" "never") (?x "fix")))
                     '(?n "no" "never")))
      (should (= reads 4))
      ;; Newest first: after `?' the question is asked afresh.
      (should (equal (reverse prompts)
                     '("Go? ([Y]es, [N]o, fi[X], [?]): " ""
                       "Invalid choice.  Go? ([Y]es, [N]o, fi[X], [?]): " ""
                       "Invalid choice.  Go? ([Y]es, [N]o, fi[X], [?]): " ""
                       "Go? ([Y]es, [N]o, fi[X], [?]): "))))))

(ert-deftest misc-libs-read-multiple-choice-key-not-in-name ()
  (let ((prompt nil))
    (cl-letf (((symbol-function 'read-event) (lambda () ?b))
              ((symbol-function 'message)
               (lambda (format &rest args) (setq prompt (apply #'format format args)))))
      (should (equal (read-multiple-choice "Q" '((?b "Bee") (?\s "a b") (?B "ok")))
                     '(?b "Bee"))))
    (should (equal prompt "Q ([b] Bee, a[ ]b, [B] ok, [?]): "))))

(ert-deftest misc-libs-text-char-description ()
  (should (equal (text-char-description ?\C-a) "^A"))
  (should (equal (text-char-description 127) "^?"))
  (should (equal (text-char-description ?q) "q"))
  (should (equal (text-char-description ?\N{GREEK SMALL LETTER ALPHA}) "\N{GREEK SMALL LETTER ALPHA}"))
  (should-error (text-char-description ?\M-a) :type 'wrong-type-argument))


(defcustom misc-libs-tests--safe (+ 1 2) "A safe option." :type 'integer :safe 'integerp)
(defcustom misc-libs-tests--local 1 "A buffer-local option." :type 'integer :local t)
(defcustom misc-libs-tests--risky 1 "A risky option." :type 'integer :risky t)

(ert-deftest misc-libs-defcustom-keywords ()
  ;; The keywords that matter without Customize act as in Emacs.
  (should (= misc-libs-tests--safe 3))
  (should (eq (get 'misc-libs-tests--safe 'safe-local-variable) 'integerp))
  (should (eq (get 'misc-libs-tests--safe 'custom-type) 'integer))
  (should (local-variable-if-set-p 'misc-libs-tests--local))
  (should-not (local-variable-if-set-p 'misc-libs-tests--safe))
  (should (eq (get 'misc-libs-tests--risky 'risky-local-variable) t)))

(ert-deftest misc-libs-describe-function-of-no-function ()
  (should (equal (condition-case err (describe-function 'misc-libs-tests--unbound) (error err))
                 '(void-function misc-libs-tests--unbound)))
  (should (equal (condition-case err (describe-function 5) (error err))
                 '(wrong-type-argument symbolp 5))))

(ert-deftest misc-libs-xml-one-root ()
  (require 'xml)
  (should (equal (condition-case err
                     (with-temp-buffer (insert "<a/><b/>") (xml-parse-region))
                   (error err))
                 '(error "XML: (Not Well-Formed) Only one root tag allowed"))))


;; rot13.el, read off Emacs 28: ASCII letters only, properties kept,
;; the region's count of changed characters returned.
(ert-deftest misc-libs-rot13 ()
  (require 'rot13)
  (should (equal (rot13-string "Ñaé Zz09") "Ñné Mm09"))
  (should (equal (rot13-string (rot13-string "Super-secret text")) "Super-secret text"))
  (should (equal (rot13 "Super-secret text") "Fhcre-frperg grkg"))
  (should (equal-including-properties (rot13-string (propertize "ab" 'p 1))
                                      (propertize "no" 'p 1)))
  (with-temp-buffer
    (insert "Super-secret text")
    (should (= (rot13 (current-buffer) (+ (point-min) 6) (+ (point-min) 12)) 6))
    (should (equal (buffer-string) "Super-frperg text"))))

;;; misc-libs-tests.el ends here
