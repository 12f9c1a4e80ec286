;;; fns.el --- functions Emacs writes in C (fns.c), in Lisp for marrow  -*- lexical-binding: t -*-

;; The base64 functions on buffer regions, built on the string ones.

(defun fns--region-bytes (beg end)
  "The text between BEG and END as a unibyte string: a character below
256 or a raw byte is one byte; any other is an error, as in Emacs."
  (apply #'unibyte-string
         (mapcar (lambda (c)
                   (let ((byte (multibyte-char-to-unibyte c)))
                     (if (< byte 0)
                         (error "Multibyte character in data for base64 encoding")
                       byte)))
                 (buffer-substring-no-properties beg end))))

(defun fns--replace-region (beg end text)
  "Put TEXT in place of the text between BEG and END and return its
length.  Point after the region moves with the text after it, and
point inside it goes to its start, as Emacs's base64 functions do."
  (let ((from (min beg end)) (to (max beg end)) (old (point)))
    (save-excursion
      (goto-char from)
      (delete-region from to)
      (insert text))
    (goto-char (cond ((>= old to) (+ old (length text) (- from to)))
                     ((> old from) from)
                     (t old)))
    (length text)))

(defun base64-encode-region (beg end &optional no-line-break)
  "Replace the text between BEG and END by its base64 encoding, in lines
of 76 characters unless NO-LINE-BREAK; return the encoding's length."
  (interactive "r")
  (fns--replace-region beg end (base64-encode-string (fns--region-bytes beg end)
                                                     no-line-break)))

(defun base64url-encode-region (beg end &optional no-pad)
  "Replace the text between BEG and END by its base64url encoding,
without padding if NO-PAD; return the encoding's length."
  (interactive "r")
  (fns--replace-region beg end (base64url-encode-string (fns--region-bytes beg end)
                                                        no-pad)))

(defun base64-decode-region (beg end &optional base64url)
  "Replace the base64 text between BEG and END (base64url if BASE64URL)
by what it encodes, its bytes above 127 raw bytes; return the decoded
length."
  (interactive "r")
  (fns--replace-region beg end (base64-decode-string
                                (buffer-substring-no-properties beg end) base64url)))


;;; fns.el ends here
