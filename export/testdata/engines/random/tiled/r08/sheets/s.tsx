<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="8" tileheight="8" tilecount="3" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="11" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="538925568.373632,-718"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r08/sheets/s/1"/>
  </properties>
  <image source="../../../../art/r08/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-17.029210279480253,39.4612066129167 -13.735918222710737,8.276295079312089 17.44899331089387,11.569587136081594 14.155701254124368,42.754498669686214"/>
   </object>
   <object id="2" name="circle" x="-588.8950538079434" y="-345.00000004688343" width="0.00000009376686525453193" height="0.00000009376686525453193">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="1" x="21" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="-2.5,14.5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r08/sheets/s/2"/>
  </properties>
  <image source="../../../../art/r08/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-94,112 -300,-198 -136,-531 235,-555 442,-246 277,88"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-22,61 -312,-118 -352,-456 -113,-699 226,-663 409,-376 299,-54"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="-90,53 -231,-19 -279,-170 -206,-311 -55,-359 85,-286 133,-135 60,5"/>
   </object>
   <object id="4" name="circle" x="743.7842362832737" y="-178.9999999362616" width="358" height="358">
    <ellipse/>
   </object>
   <object id="5" name="box" x="0" y="0">
    <polygon points="-558268225.8202999,235851357.93527538 -558268366.0074811,235851906.95276713 -558268366.0074813,235851906.95276707 -558268225.8203001,235851357.93527532"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="2" x="41" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="-257252677.78121233,-908.4334299538248"/>
   <property name="sprite" value="r08/sheets/s/4"/>
  </properties>
  <image source="../../../../art/r08/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="78.62215411825836,101.53719310983969 26.94463676491756,146.80270007460206 -18.320870199844823,95.12518272126127 33.35664715349599,49.85967575649888"/>
   </object>
   <object id="2" name="circle" x="-709.9454361257704" y="-53.99999999578848" width="108" height="108">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="-26.448636338612772,-520629073.5299907 -302.02750941951285,-520629618.50081825 222.44863633861277,-520629883.71601486 498.02750941951285,-520629338.7451873"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
